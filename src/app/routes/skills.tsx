import { skills } from "../../content/skill-list";
import { PageTransition } from "../page-transition";

export default function Skills() {
  return (
    <PageTransition>
      <h1 className="page-title" tabIndex={-1}>
        Skills &amp; Technologies
      </h1>
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
