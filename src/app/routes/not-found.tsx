import { Link } from "react-router-dom";
import notFoundIllustration from "../../assets/illustrations/not-found.svg";
import { routes } from "../../config/routes";
import { ui } from "../../content/interface";
import { PageTransition } from "../page-transition";

export default function NotFound() {
  return (
    <PageTransition>
      <section className="not-found" aria-labelledby="not-found-title">
        <img
          className="not-found__image"
          src={notFoundIllustration}
          alt={ui.notFound.illustration}
          width="480"
          height="320"
        />
        <h1 id="not-found-title" className="page-title" tabIndex={-1}>
          {ui.notFound.title}
        </h1>
        <p className="not-found__text">{ui.notFound.text}</p>
        <Link to={routes.home.path} className="button button--primary">
          {ui.notFound.home}
        </Link>
      </section>
    </PageTransition>
  );
}
