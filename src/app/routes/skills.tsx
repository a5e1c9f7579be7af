import { skills } from "../../content/skills";
import { PageTransition } from "../page-transition";
import { usePageHead } from "../use-page-head";

export default function Skills() {
  usePageHead("skills");
  return (
    <PageTransition>
      <h1 className="page-title" tabIndex={-1}>
        Skills &amp; Technologies
      </h1>
      <ul className="skills-grid">
        {skills.map((skill) => (
          <li key={skill.name} className="card skill-card">
            <span className="skill-card__icon">
              <span
                aria-hidden="true"
                className="mask-icon"
                style={{
                  width: 40,
                  height: 40,
                  backgroundColor: `#${skill.icon.hex}`,
                  ["--icon" as string]: `url("${skill.icon.src}")`,
                }}
              />
            </span>
            <span className="skill-card__name">{skill.name}</span>
          </li>
        ))}
      </ul>
    </PageTransition>
  );
}
