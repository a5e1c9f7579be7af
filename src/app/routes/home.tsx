import { Link } from "react-router-dom";
import { PageMeta } from "../../components/page-meta";
import { paths } from "../../config/paths";
import { profile } from "../../content/profile";
import { PageTransition } from "../page-transition";

export default function Home() {
  return (
    <PageTransition>
      <PageMeta title="Home" />
      <section className="hero" aria-labelledby="home-title">
        <h1 id="home-title" className="hero__greeting">
          {profile.greeting}
        </h1>
        {profile.bio.map((paragraph) => (
          <p key={paragraph} className="hero__bio">
            {paragraph}
          </p>
        ))}
        <div className="hero__actions">
          <Link to={paths.contact} className="button button--primary">
            Contact Me
          </Link>
          <Link to={paths.projects} className="button button--secondary">
            See My Projects
          </Link>
        </div>
      </section>
    </PageTransition>
  );
}
