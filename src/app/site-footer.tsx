import { ExternalLink } from "../components/external-link";
import { ui } from "../content/interface";
import { profile } from "../content/profile";

/** Under every page: whose site this is, and the ways to reach them, as plain text links. */
export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__name">
          © {profile.name} · {profile.jobTitle}
        </p>
        <ul className="site-footer__links" aria-label={ui.footer.links}>
          <li>
            <a href={`mailto:${profile.email}`}>{ui.footer.email}</a>
          </li>
          <li>
            <ExternalLink href={profile.networkUrl}>{profile.networkLabel}</ExternalLink>
          </li>
          <li>
            <ExternalLink href={profile.codeUrl}>{profile.codeLabel}</ExternalLink>
          </li>
        </ul>
      </div>
    </footer>
  );
}
