import { CodeHostIcon } from "../../components/code-host-icon";
import { ExternalLink } from "../../components/external-link";
import { MailIcon, NetworkIcon } from "../../components/icons";
import { profile } from "../../content/profile";
import { ContactForm, OutboxStatusSlot } from "../../features/contact/contact-form";
import { PageTransition } from "../page-transition";

export default function Contact() {
  return (
    <PageTransition>
      <div className="contact">
        <ContactForm />
        <OutboxStatusSlot />
        <footer className="contact__footer">
          <h2 className="visually-hidden">Other ways to reach me</h2>
          <ul className="contact__links">
            <li>
              <a href={`mailto:${profile.email}`} className="contact__link">
                <MailIcon />
                <span>{profile.email}</span>
              </a>
            </li>
            <li>
              <ExternalLink href={profile.networkUrl} className="contact__link">
                <NetworkIcon />
                <span>{profile.networkLabel}</span>
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={profile.codeUrl} className="contact__link">
                <CodeHostIcon url={profile.codeUrl} />
                <span>{profile.codeLabel}</span>
              </ExternalLink>
            </li>
          </ul>
        </footer>
      </div>
    </PageTransition>
  );
}
