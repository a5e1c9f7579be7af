import { PageMeta } from "../../components/page-meta";
import { skills } from "../../content/skills";
import { PageTransition } from "../page-transition";

export default function Skills() {
  return (
    <PageTransition>
      <PageMeta title="Skills" />
      <h1 className="page-title">Skills &amp; Technologies</h1>
      <ul className="skills-grid">
        {skills.map((skill) => (
          <li key={skill.name} className="card skill-card">
            <span className="skill-card__icon">
              <svg viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
                <path d={skill.icon.path} fill={`#${skill.icon.hex}`} />
              </svg>
            </span>
            <span className="skill-card__name">{skill.name}</span>
          </li>
        ))}
      </ul>
    </PageTransition>
  );
}
