/**
 * A bare SMTP server on loopback, for the server suites (tests/server/helpers.ts) and the server
 * bench: it only receives, and the caller decides what to keep and when to answer.
 */
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  raw: Buffer;
  from: string | undefined;
  to: string[];
}

/** A received mail: its bytes and envelope, and `accept()` to answer it (250) when the test wants. */
interface IncomingMail extends CapturedMail {
  accept(): void;
}

/** A bare SMTP server on 127.0.0.1 that hands each mail to `onMail`, which decides when to accept it. */
export async function listenSmtp(
  onMail: (mail: IncomingMail) => void,
): Promise<{ url: string; close(): Promise<void> }> {
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
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
