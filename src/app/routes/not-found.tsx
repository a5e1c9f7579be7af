import { Link } from "react-router-dom";
import notFoundIllustration from "../../assets/illustrations/not-found.svg";
import { routes } from "../../config/routes";
import { PageTransition } from "../page-transition";

export default function NotFound() {
  return (
    <PageTransition>
      <section className="not-found" aria-labelledby="not-found-title">
        <img
          className="not-found__image"
          src={notFoundIllustration}
          alt="404 illustration: the page could not be found"
          width="480"
          height="320"
        />
        <h1 id="not-found-title" className="page-title" tabIndex={-1}>
          Page not found
        </h1>
        <p className="not-found__text">The page you are looking for does not exist or has moved.</p>
        <Link to={routes.home.path} className="button button--primary">
          Return to Home Page
        </Link>
      </section>
    </PageTransition>
  );
}
