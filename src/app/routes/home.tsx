import { Link } from "react-router-dom";
import { EmojiText } from "../../components/emoji-text";
import { routes } from "../../config/routes";
import { ui } from "../../content/interface";
import { profile } from "../../content/profile";
import { ShareButton } from "../../features/share/share-button";
import { PageTransition } from "../page-transition";
import { Portrait } from "../portrait";

export default function Home() {
  return (
    <PageTransition>
      <section className="hero" aria-labelledby="home-title">
        <div className="hero__text">
          <p className="eyebrow">{profile.jobTitle}</p>
          <h1 id="home-title" className="hero__greeting" tabIndex={-1}>
            <EmojiText text={profile.greeting} />
          </h1>
          {profile.bio.map((paragraph) => (
            <p key={paragraph} className="hero__bio">
              <EmojiText text={paragraph} />
            </p>
          ))}
          <div className="hero__actions">
            <Link to={routes.contact.path} className="button button--primary">
              {ui.home.contact}
            </Link>
            <Link to={routes.projects.path} className="button button--secondary">
              {ui.home.projects}
            </Link>
            <ShareButton />
          </div>
        </div>
        <Portrait />
      </section>
    </PageTransition>
  );
}
