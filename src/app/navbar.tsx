import { Suspense } from "react";
import { Link, NavLink } from "react-router-dom";
import { ExternalLink } from "../components/external-link";
import { HostIcon } from "../components/host-icon";
import { MailIcon, ResumeIcon } from "../components/icons";
import { navLinks, routes } from "../config/routes";
import { ui } from "../content/interface";
import { profile } from "../content/profile";
import { InstallButton } from "../features/pwa/install-button";
import { ToggleSwitch } from "../features/theme/toggle-switch";
import { initials } from "../lib/initials";
import { useAppState } from "../state/app-state";
import "./navbar.css";

export const NAVBAR_TOGGLE_SIZE = 50;

/**
 * Its parts are Suspense boundaries of their own, the bar itself hydrating with the root (src/main.tsx):
 * a press on the switch while React starts hydrates the switch alone before it is handled, not the
 * whole bar.
 */
export function Navbar() {
  return (
    <header className="navbar">
      <nav className="navbar__inner" aria-label={ui.nav.label}>
        <Suspense>
          <Link to={routes.home.path} className="navbar__brand">
            <span className="navbar__mark" aria-hidden="true">
              {initials(profile.name)}
            </span>
            {profile.brand}
          </Link>
          <ul className="navbar__links">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end className="navbar__link">
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </Suspense>
        <div className="navbar__actions">
          <Suspense>
            <InstallButton />
          </Suspense>
          <Suspense>
            <ThemeSwitch />
          </Suspense>
          <Suspense>
            <a href={`mailto:${profile.email}`} className="navbar__icon-link">
              <MailIcon />
              <span className="visually-hidden">{ui.nav.email}</span>
            </a>
            <ExternalLink href={profile.networkUrl} className="navbar__icon-link">
              <HostIcon url={profile.networkUrl} kind="network" />
              <span className="visually-hidden">{ui.nav.network}</span>
            </ExternalLink>
            <ExternalLink href={profile.resumeUrl} className="navbar__icon-link">
              <ResumeIcon />
              <span className="visually-hidden">{ui.nav.resume}</span>
            </ExternalLink>
          </Suspense>
        </div>
      </nav>
    </header>
  );
}

/** The only part of the navbar that reads the theme, so that a click on it re-renders only the switch. */
function ThemeSwitch() {
  const dark = useAppState((state) => state.theme === "dark");
  // A click flips the store's theme, not the one this render saw: hydration renders the store's
  // initial state, and a click before the render that follows it must still count.
  const flip = () => useAppState.getState().setDark(useAppState.getState().theme !== "dark");
  return (
    <ToggleSwitch
      checked={dark}
      onChange={flip}
      label={ui.nav.darkMode}
      size={NAVBAR_TOGGLE_SIZE}
      themeSwitch
    />
  );
}
