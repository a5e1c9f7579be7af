/**
 * Test helper: a real `node:http` server on 127.0.0.1 (port 0) that records every request and
 * answers with whatever handler the current test installed.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export type Handler = (request: RecordedRequest, response: ServerResponse) => void;

export interface RecordingServer {
  port: number;
  origin: string;
  requests: RecordedRequest[];
  /** Replace the answer for the next requests (and forget the recorded ones). */
  reset(handler: Handler): void;
  close(): Promise<void>;
}

export function sendJson(
  response: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
  response.end(JSON.stringify(body));
}

/** Listens on `port` (default: any free one). */
export async function startRecordingServer(port = 0): Promise<RecordingServer> {
  const requests: RecordedRequest[] = [];
  let handler: Handler = (_request, response) => sendJson(response, 500, { error: "no handler" });

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        url: req.url ?? "",
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
      };
      requests.push(recorded);
      handler(recorded, res);
    });
  });

  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const bound = (server.address() as AddressInfo).port;

  return {
    port: bound,
    origin: `http://127.0.0.1:${bound}`,
    requests,
    reset(next) {
      requests.length = 0;
      handler = next;
    },
    close() {
      // Also drops the sockets of requests a test left unanswered on purpose.
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export { closedPort } from "../support/net";
