/**
 * A bare SMTP server on loopback, for the server suites (tests/server/helpers.ts) and the server
 * bench: it only receives, and the caller decides what to keep and how to answer: accept (250),
 * or refuse with a code (4xx or 5xx). It can be stopped (its port then refuses connections) and
 * started again on the same port, and `dropConnections` takes the port meanwhile to cut every
 * connection before the greeting.
 */
import { type AddressInfo, createServer } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  raw: Buffer;
  from: string | undefined;
  to: string[];
}

/** A received mail: its bytes and envelope, and how to answer it when the test wants. */
interface IncomingMail extends CapturedMail {
  accept(): void;
  /** Answers with this SMTP code (451: try later; 550: refused for good). */
  refuse(code: number): void;
}

export interface SmtpListener {
  url: string;
  port: number;
  close(): Promise<void>;
}

/** A bare SMTP server on 127.0.0.1 (on `port`, or any free one) that hands each mail to `onMail`. */
export async function listenSmtp(onMail: (mail: IncomingMail) => void, port = 0): Promise<SmtpListener> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const { mailFrom, rcptTo } = session.envelope;
        onMail({
          raw: Buffer.concat(chunks),
          from: mailFrom === false ? undefined : mailFrom.address,
          to: rcptTo.map((rcpt) => rcpt.address),
          accept: () => callback(),
          refuse: (code) =>
            callback(
              Object.assign(new Error(code >= 500 ? "Mailbox unavailable" : "Try again later"), {
                responseCode: code,
              }),
            ),
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    port: bound,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Listens on `port` and closes every connection at once, before any greeting. */
export async function dropConnections(port: number): Promise<{ close(): Promise<void> }> {
  const server = createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
