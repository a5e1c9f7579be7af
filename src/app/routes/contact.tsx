import { ExternalLink } from "../../components/external-link";
import { HostIcon } from "../../components/host-icon";
import { MailIcon } from "../../components/icons";
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
              Other ways to reach me
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
              What happens next
            </h2>
            <ol className="contact__steps">
              <li>Your message is saved, and {profile.name} is told by e-mail.</li>
              <li>Offline? It waits on this device and is sent once you are back online.</li>
              <li>{profile.shortName} replies to the e-mail address you give.</li>
            </ol>
          </section>
        </footer>
      </div>
    </PageTransition>
  );
}
