import { skills } from "../../content/skills";
import { PageTransition } from "../page-transition";

const iconStyles = skills
  .map(
    (skill, index) =>
      `.skill-icon-${index}{--icon:url("${skill.icon.src}");background-color:#${skill.icon.hex}}`,
  )
  .join("");

export default function Skills() {
  return (
    <PageTransition>
      <h1 className="page-title" tabIndex={-1}>
        Skills &amp; Technologies
      </h1>
      {/* Each icon's file and colour: a <style> block the CSP allows by its hash (no style attributes). */}
      <style>{iconStyles}</style>
      <ul className="skills-grid">
        {skills.map((skill, index) => (
          <li key={skill.name} className="card skill-card">
            <span className="skill-card__icon">
              <span aria-hidden="true" className={`mask-icon skill-icon skill-icon-${index}`} />
            </span>
            <span className="skill-card__name">{skill.name}</span>
          </li>
        ))}
      </ul>
    </PageTransition>
  );
}
