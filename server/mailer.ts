/**
 * The mails the server sends: the owner's alert and the optional auto-reply. Over SMTP when
 * SMTP_URL is set; otherwise each mail is written as an `.eml` file to `DATA_DIR/outbox/`.
 */
import { createHash, randomUUID } from "node:crypto";
import { chmod, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import { profile } from "../src/content/profile";
import type { NotifyRequestBody } from "../src/shared/contact/protocol";
import type { Config } from "./config";

/** Which mail job a mail belongs to: the same job always gives the same Message-ID and file name. */
export interface MailRef {
  key: string;
  /** Epoch milliseconds when the job was recorded. */
  createdAt: number;
}

export interface Mailer {
  /**
   * Sends the owner's alert; rejects when it could not be handed over. With a `ref`, a resend of
   * the same job carries the same Message-ID (mailboxes drop the copy) and, without SMTP,
   * replaces the same .eml file (so it is never there twice).
   */
  sendNotification(message: NotifyRequestBody, ref?: MailRef): Promise<void>;
  /** Sends the visitor a short thank-you (no visitor text in it). */
  sendAutoReply(message: NotifyRequestBody, ref?: MailRef): Promise<void>;
  close(): void;
}

export type MailerConfig = Pick<Config, "smtpUrl" | "dataDir" | "ownerEmail" | "mailFrom">;

/**
 * A dead SMTP server is noticed quickly (connection, greeting), but a slow answer to a mail is
 * waited for: a server that accepts late has still accepted, and giving up would invite a resend.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 60_000 };

const HTML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** A value for a header: no CR/LF or other control characters, whatever the validation let in. */
export function oneLine(text: string): string {
  return text
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Bidi controls and other invisible format characters (the emoji joiner U+200D stays). */
const INVISIBLE = /(?!\u200D)\p{Cf}/gu;

/**
 * A visitor's name reduced to plain text for the Subject and a display name: no control, bidi or
 * other invisible characters, and no RFC 2047 encoded-word (`=?utf-8?B?…?=`) that a mail client
 * would decode into text the visitor did not type.
 */
export function plainName(text: string): string {
  return oneLine(text.replace(INVISIBLE, "")).replace(/=\?/g, "= ?").replace(/\?=/g, "? =");
}

function htmlPage(title: string, body: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}</body></html>`;
}

function ownerAlert(config: MailerConfig, message: NotifyRequestBody): SendMailOptions {
  const name = plainName(message.name);
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

function digestOf(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function messageId(config: MailerConfig, ref: MailRef | undefined, kind: string): string | undefined {
  if (ref === undefined) return undefined;
  const domain = config.mailFrom.address.slice(config.mailFrom.address.lastIndexOf("@") + 1);
  return `<${kind}.${digestOf(ref.key).slice(0, 32)}@${domain}>`;
}

/** The outbox folder; leftovers of writes cut short by a crash or a full disk are removed. */
export const OUTBOX_DIR = "outbox";

async function preparedOutbox(outbox: string): Promise<void> {
  await mkdir(outbox, { recursive: true, mode: 0o700 });
  await chmod(outbox, 0o700);
  const stray = (await readdir(outbox)).filter((name) => name.startsWith(".") && name.endsWith(".tmp"));
  await Promise.all(stray.map((name) => rm(join(outbox, name), { force: true })));
}

export function createMailer(config: MailerConfig): Mailer {
  let send: (options: SendMailOptions, kind: string, ref: MailRef | undefined) => Promise<void>;
  let close: () => void;

  if (config.smtpUrl !== undefined) {
    const transport = nodemailer.createTransport({ url: config.smtpUrl, ...SMTP_TIMEOUTS });
    send = async (options) => {
      await transport.sendMail({ ...options, ...LOCKED_DOWN });
    };
    close = () => transport.close();
  } else {
    const outbox = join(config.dataDir, OUTBOX_DIR);
    const ready = preparedOutbox(outbox);
    // A failed cleanup must not become an unhandled rejection; the first send reports it.
    ready.catch(() => undefined);
    const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
    send = async (options, kind, ref) => {
      await ready;
      const info = await transport.sendMail({ ...options, ...LOCKED_DOWN });
      const stamp = new Date(ref?.createdAt ?? Date.now()).toISOString().replace(/[:.]/g, "-");
      const suffix = ref === undefined ? randomUUID().slice(0, 8) : digestOf(ref.key).slice(0, 16);
      const name = `${stamp}-${kind}-${suffix}.eml`;
      // Write then rename, so whoever watches the folder never reads half a mail; a resend of
      // the same job replaces its file.
      const temp = join(outbox, `.${name}.${randomUUID().slice(0, 8)}.tmp`);
      try {
        await writeFile(temp, info.message, { flush: true, mode: 0o600 });
        await rename(temp, join(outbox, name));
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    };
    close = () => transport.close();
  }

  return {
    sendNotification: (message, ref) =>
      send({ ...ownerAlert(config, message), messageId: messageId(config, ref, "owner") }, "owner", ref),
    sendAutoReply: (message, ref) =>
      send(
        { ...autoReply(config, message), messageId: messageId(config, ref, "auto-reply") },
        "auto-reply",
        ref,
      ),
    close,
  };
}
