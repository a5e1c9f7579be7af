/**
 * The mails the server sends: the owner's alert and the optional auto-reply. Over SMTP when
 * SMTP_URL is set; otherwise each mail is written as an `.eml` file to `DATA_DIR/outbox/`.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { profile } from "../src/content/profile";
import type { NotifyRequestBody } from "../src/shared/contact/protocol";
import { escapeHtml } from "../src/shared/escape-html";
import type { Config } from "./config";

export interface Mailer {
  /** Sends the owner's alert; rejects when it could not be handed over. */
  sendNotification(message: NotifyRequestBody): Promise<void>;
  /** Sends the visitor a short thank-you (no visitor text in it). */
  sendAutoReply(message: NotifyRequestBody): Promise<void>;
  close(): void;
}

export type MailerConfig = Pick<Config, "smtpUrl" | "dataDir" | "ownerEmail" | "mailFrom">;

/** Short enough that a dead SMTP server answers the visitor before the app's 15 s timeout. */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 };

/** A value for a header: no CR/LF or other control characters, whatever the validation let in. */
export function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

function htmlPage(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}</body></html>`;
}

function ownerAlert(config: MailerConfig, message: NotifyRequestBody): SendMailOptions {
  const name = oneLine(message.name);
  const subject = `New portfolio message from ${name}`;
  const text = [
    `New message from the contact form of ${profile.brand}.`,
    "",
    `Name: ${name}`,
    `Email: ${message.email}`,
    "",
    message.message,
    "",
    `Reply to this e-mail to answer ${name}.`,
  ].join("\n");
  const html = htmlPage(
    subject,
    [
      `<p>New message from the contact form of ${escapeHtml(profile.brand)}.</p>`,
      `<p><strong>Name:</strong> ${escapeHtml(name)}<br><strong>Email:</strong> ${escapeHtml(message.email)}</p>`,
      `<div style="white-space:pre-wrap;border-left:3px solid #ccc;padding-left:12px">${escapeHtml(message.message)}</div>`,
      `<p>Reply to this e-mail to answer ${escapeHtml(name)}.</p>`,
    ].join(""),
  );
  return {
    from: config.mailFrom,
    to: config.ownerEmail,
    replyTo: { name, address: oneLine(message.email) },
    subject,
    text,
    html,
  };
}

function autoReply(config: MailerConfig, message: NotifyRequestBody): SendMailOptions {
  // Nothing the visitor typed goes into this mail: it must not be a way to send text to anyone.
  const subject = `Thanks for your message to ${profile.name}`;
  const lines = [
    "Hello,",
    "thank you for your message. I have received it and will get back to you soon.",
    `${profile.name}\n${profile.brand}`,
  ];
  return {
    from: config.mailFrom,
    to: oneLine(message.email),
    replyTo: config.ownerEmail,
    subject,
    text: `${lines.join("\n\n")}\n`,
    html: htmlPage(subject, lines.map((line) => `<p>${escapeHtml(line).replace("\n", "<br>")}</p>`).join("")),
    headers: { "Auto-Submitted": "auto-replied" },
  };
}

/** Options nodemailer must never honour for these mails (no file or URL content). */
const LOCKED_DOWN = { disableFileAccess: true, disableUrlAccess: true } as const;

export function createMailer(config: MailerConfig): Mailer {
  let send: (options: SendMailOptions, kind: string) => Promise<void>;
  let close: () => void;

  if (config.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    send = async (options) => {
      await transport.sendMail({ ...options, ...LOCKED_DOWN });
    };
    close = () => transport.close();
  } else {
    const outbox = join(config.dataDir, "outbox");
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
    send = async (options, kind) => {
      const info = await transport.sendMail({ ...options, ...LOCKED_DOWN });
      const name = `${new Date().toISOString().replace(/[:.]/g, "-")}-${kind}-${randomUUID().slice(0, 8)}.eml`;
      await mkdir(outbox, { recursive: true });
      // Write then rename, so whoever watches the folder never reads half a mail.
      const temp = join(outbox, `.${name}.tmp`);
      await writeFile(temp, info.message, { flush: true });
      await rename(temp, join(outbox, name));
    };
    close = () => transport.close();
  }

  return {
    sendNotification: (message) => send(ownerAlert(config, message), "owner"),
    sendAutoReply: (message) => send(autoReply(config, message), "auto-reply"),
    close,
  };
}
