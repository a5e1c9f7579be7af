import { useId } from "react";
import { ContentPicture, pictureOf } from "../../components/content-picture";
import { EmojiText } from "../../components/emoji-text";
import { ExternalLink } from "../../components/external-link";
import { ArrowIcon } from "../../components/icons";
import { media } from "../../config/media";
import { ui } from "../../content/interface";
import { projects } from "../../content/projects";
import type { Project } from "../../content/types";
import { pick } from "../../lib/initials";
import { PageTransition } from "../page-transition";

/** How wide each card's cover is drawn (global.css: the first is featured across the row). */
const COVER_SIZES = {
  featured: `${media.desktop} 40rem, ${media.small} calc(100vw - 3rem), calc(100vw - 2rem)`,
  other: `${media.full} 23rem, ${media.desktop} 30vw, ${media.small} 48vw, calc(100vw - 2rem)`,
};
const FALLBACK_HUES = 6;

export default function Projects() {
  return (
    <PageTransition>
      <header className="page-header">
        <p className="eyebrow">{ui.projects.eyebrow(projects.length)}</p>
        <h1 className="page-title" tabIndex={-1}>
          {ui.projects.title}
        </h1>
      </header>
      <ul className="projects-list">
        {projects.map((project, index) => (
          <li key={project.title}>
            <ProjectCard project={project} featured={index === 0} />
          </li>
        ))}
      </ul>
    </PageTransition>
  );
}

function ProjectCard({ project, featured }: { project: Project; featured: boolean }) {
  const titleId = useId();
  return (
    <article className="card project-card" aria-labelledby={titleId}>
      <div className="project-card__cover">
        {project.image ? (
          <ContentPicture
            picture={pictureOf(`projects/${project.image}`)}
            alt=""
            sizes={featured ? COVER_SIZES.featured : COVER_SIZES.other}
            eager={featured}
          />
        ) : (
          <span className="cover-fallback" data-hue={pick(project.title, FALLBACK_HUES)} aria-hidden="true">
            <span className="cover-fallback__title">{project.title}</span>
          </span>
        )}
      </div>
      <div className="project-card__body">
        <h2 id={titleId} className="project-card__title">
          {project.title}
        </h2>
        <h3 className="project-card__label">{ui.projects.technologies}</h3>
        <ul className="project-card__tech">
          {project.tech.map((tech) => (
            <li key={tech}>{tech}</li>
          ))}
        </ul>
        <ul className="project-card__desc">
          {project.desc.map((line) => (
            <li key={line}>
              <EmojiText text={line} />
            </li>
          ))}
        </ul>
        <ExternalLink
          href={project.link}
          className="button button--secondary button--small project-card__link"
          aria-describedby={titleId}
        >
          {ui.projects.visit}
          <ArrowIcon className="button__icon" />
        </ExternalLink>
      </div>
    </article>
  );
}
