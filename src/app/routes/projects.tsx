import { useId } from "react";
import { ExternalLink } from "../../components/external-link";
import { projects } from "../../content/project-list";
import type { Project } from "../../content/types";
import { PageTransition } from "../page-transition";

export default function Projects() {
  return (
    <PageTransition>
      <h1 className="page-title" tabIndex={-1}>
        PROJECTS
      </h1>
      <ul className="projects-list">
        {projects.map((project) => (
          <li key={project.title}>
            <ProjectCard project={project} />
          </li>
        ))}
      </ul>
    </PageTransition>
  );
}

function ProjectCard({ project }: { project: Project }) {
  const titleId = useId();
  return (
    <article className="card project-card" aria-labelledby={titleId}>
      <h2 id={titleId} className="project-card__title">
        {project.title}
      </h2>
      <h3 className="project-card__label">TECHNOLOGIES</h3>
      <ul className="project-card__tech">
        {project.tech.map((tech) => (
          <li key={tech}>{tech}</li>
        ))}
      </ul>
      <ul className="project-card__desc">
        {project.desc.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <ExternalLink
        href={project.link}
        className="button button--primary project-card__link"
        aria-describedby={titleId}
      >
        Visit Project
      </ExternalLink>
    </article>
  );
}
