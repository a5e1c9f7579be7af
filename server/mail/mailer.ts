/**
 * The mails the server sends: the owner's alert, the digest past ALERT_LIMIT and the optional
 * auto-reply. Over SMTP when SMTP_URL is set; otherwise each mail is written as an `.eml` file to
 * `DATA_DIR/mail/`.
 */
import { createHash, randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync } from "node:fs";
import { chmod, mkdir, readdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";
import { profile } from "../../src/content/profile";
import type { NotifyRequestBody } from "../../src/shared/contact/protocol";
import { escapeHtml } from "../../src/shared/escape-html";
import { oneLine } from "../../src/shared/one-line";
import type { Config } from "../config";

/** Which mail job a mail belongs to: the same job always gives the same Message-ID and file name. */
export interface MailRef {
  key: string;
  /** Epoch milliseconds when the job was recorded. */
  createdAt: number;
}

export type Mailer = ReturnType<typeof createMailer>;
export type MailerConfig = Pick<Config, "smtpUrl" | "dataDir" | "ownerEmail" | "mailFrom">;

/**
 * A dead SMTP server is noticed quickly (connection, greeting), but a slow answer to a mail is
 * waited for: a server that accepts late has still accepted, and giving up would invite a resend.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 60_000 };

/**
 * A visitor's name reduced to plain text for the Subject and a display name: no control, bidi or
 * other invisible characters, and no RFC 2047 encoded-word (`=?utf-8?B?…?=`) that a mail client
 * would decode into text the visitor did not type.
 */
export function plainName(text: string): string {
  return oneLine(text).replace(/=\?/g, "= ?").replace(/\?=/g, "? =");
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

function hashOf(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** The folder of .eml files. It was DATA_DIR/outbox/ before: its files are moved on start. */
export const MAIL_DIR = "mail";
const OLD_MAIL_DIR = "outbox";

export function moveOldMailDir(dataDir: string): void {
  const old = join(dataDir, OLD_MAIL_DIR);
  if (!existsSync(old)) return;
  mkdirSync(join(dataDir, MAIL_DIR), { recursive: true, mode: 0o700 });
  for (const name of readdirSync(old)) renameSync(join(old, name), join(dataDir, MAIL_DIR, name));
  rmdirSync(old);
}

/** Creates the folder; leftovers of writes cut short by a crash or a full disk are removed. */
async function preparedMailDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await chmod(dir, 0o700);
  const stray = (await readdir(dir)).filter((name) => name.startsWith(".") && name.endsWith(".tmp"));
  await Promise.all(stray.map((name) => rm(join(dir, name), { force: true })));
}

/** The owner's list of the messages past ALERT_LIMIT: who wrote, and how their message starts. */
function digestMail(
  config: MailerConfig,
  entries: readonly { payload: NotifyRequestBody }[],
): SendMailOptions {
  const subject = `${entries.length} more portfolio message${entries.length === 1 ? "" : "s"}`;
  const lines = entries.map(({ payload }) => ({
    who: `${plainName(payload.name)} <${oneLine(payload.email)}>`,
    start: oneLine(payload.message, 200),
  }));
  const intro = `More messages came in than ALERT_LIMIT allows alerts for. All are stored; these are they:`;
  return {
    from: config.mailFrom,
    to: config.ownerEmail,
    subject,
    text: [intro, "", ...lines.map(({ who, start }) => `${who}\n  ${start}\n`)].join("\n"),
    html: htmlPage(
      subject,
      `<p>${escapeHtml(intro)}</p><ul>${lines.map(({ who, start }) => `<li><strong>${escapeHtml(who)}</strong><br>${escapeHtml(start)}</li>`).join("")}</ul>`,
    ),
  };
}

export function createMailer(config: MailerConfig) {
  const { smtpUrl, mailFrom } = config;
  const folder = join(config.dataDir, MAIL_DIR);
  const domain = mailFrom.address.slice(mailFrom.address.lastIndexOf("@") + 1);
  const ready = smtpUrl === undefined ? preparedMailDir(folder) : Promise.resolve();
  // A failed cleanup must not become an unhandled rejection; the first send reports it.
  ready.catch(() => undefined);
  const transport: Transporter<{ message?: Buffer | NodeJS.ReadableStream; response?: string }> =
    smtpUrl === undefined
      ? nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" })
      : nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });

  /**
   * Hands a mail over; rejects when it could not. With a `ref`, a resend of the same job carries
   * the same Message-ID (mailboxes drop the copy) and, without SMTP, replaces the same .eml file.
   * Resolves to the mail server's answer ("250 …"), or the file written.
   */
  async function send(kind: string, options: SendMailOptions, ref: MailRef | undefined): Promise<string> {
    await ready;
    const messageId = ref && `<${kind}.${hashOf(ref.key).slice(0, 32)}@${domain}>`;
    const info = await transport.sendMail({ ...options, messageId, ...LOCKED_DOWN });
    if (smtpUrl !== undefined) return info.response ?? "";
    const stamp = new Date(ref?.createdAt ?? Date.now()).toISOString().replace(/[:.]/g, "-");
    const suffix = ref === undefined ? randomUUID().slice(0, 8) : hashOf(ref.key).slice(0, 16);
    const name = `${stamp}-${kind}-${suffix}.eml`;
    // Write then rename, so whoever watches the folder never reads half a mail; a resend of
    // the same job replaces its file.
    const temp = join(folder, `.${name}.${randomUUID().slice(0, 8)}.tmp`);
    try {
      await writeFile(temp, info.message ?? "", { flush: true, mode: 0o600 });
      await rename(temp, join(folder, name));
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    return join(folder, name);
  }

  return {
    sendNotification: (message: NotifyRequestBody, ref?: MailRef) =>
      send("owner", ownerAlert(config, message), ref),
    sendAutoReply: (message: NotifyRequestBody, ref?: MailRef) =>
      send("auto-reply", autoReply(config, message), ref),
    sendDigest: (entries: readonly (MailRef & { payload: NotifyRequestBody })[]) => {
      const key = entries
        .map((entry) => entry.key)
        .sort()
        .join(",");
      return send("digest", digestMail(config, entries), { key, createdAt: Date.now() });
    },
    close: () => transport.close(),
  };
}
