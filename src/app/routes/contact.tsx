import { ExternalLink } from "../../components/external-link";
import { HostIcon } from "../../components/host-icon";
import { MailIcon } from "../../components/icons";
import { ui } from "../../content/interface";
import { profile } from "../../content/profile";
import { ContactForm, OutboxStatusSlot } from "../../features/contact/contact-form";
import { PageTransition } from "../page-transition";

export default function Contact() {
  return (
    <PageTransition>
      <div className="contact">
        <ContactForm />
        <OutboxStatusSlot />
        <footer className="contact__aside contact__footer">
          <section aria-labelledby="contact-other">
            <h2 id="contact-other" className="contact__aside-title">
              {ui.contact.otherWays}
            </h2>
            <ul className="contact__links">
              <li>
                <a href={`mailto:${profile.email}`} className="contact__link">
                  <MailIcon />
                  <span>{profile.email}</span>
                </a>
              </li>
              {(["network", "code"] as const).map((kind) => (
                <li key={kind}>
                  <ExternalLink href={profile[`${kind}Url`]} className="contact__link">
                    <HostIcon url={profile[`${kind}Url`]} kind={kind} />
                    <span>{profile[`${kind}Label`]}</span>
                  </ExternalLink>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="contact-next">
            <h2 id="contact-next" className="contact__aside-title">
              {ui.contact.nextTitle}
            </h2>
            <ol className="contact__steps">
              {ui.contact.nextSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        </footer>
      </div>
    </PageTransition>
  );
}
