import { ui } from "../../content/interface";
import { skills } from "../../content/skills";
import { PageTransition } from "../page-transition";

export default function Skills() {
  return (
    <PageTransition>
      <header className="page-header">
        <p className="eyebrow">{ui.skills.eyebrow(skills.length)}</p>
        <h1 className="page-title" tabIndex={-1}>
          {ui.skills.title}
        </h1>
      </header>
      <ul className="skills-grid">
        {skills.map((skill) => (
          <li key={skill.name} className="card skill-card">
            <span className="skill-card__icon">
              {/* A symbol of the icon sprite, in the brand's colour (a presentation attribute:
                  the CSP allows no style attributes). */}
              <svg aria-hidden="true" className="skill-icon" fill={`#${skill.icon.hex}`}>
                <use href={skill.icon.href} />
              </svg>
            </span>
            <span className="skill-card__name">{skill.name}</span>
          </li>
        ))}
      </ul>
    </PageTransition>
  );
}
