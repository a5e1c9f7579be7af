/**
 * An HTTP proxy on loopback in front of a real server, for the tests that need the answers a
 * busy or misconfigured server gives: every request passes through unchanged, except the ones a
 * test asked it to answer itself (a status, a JSON error, a Retry-After), as a rate limit, an
 * overloaded server or a refusing one would. Whoever sends them (a page, its service worker) sees
 * one origin, as with the real server alone.
 */
import { createServer, request as forward, type IncomingMessage, type ServerResponse } from "node:http";

export interface Fault {
  status: number;
  /** Seconds, sent as `Retry-After`. */
  retryAfter?: number;
  /** The JSON `error` the body carries. */
  error?: string;
}

export interface FaultProxy {
  url: string;
  /** Answers the next `times` requests to `path` with `fault` instead of passing them on. */
  fail(path: string, fault: Fault, times?: number): void;
  /** Answers every request to `path` with `fault` until `heal(path)`. */
  failAll(path: string, fault: Fault): void;
  heal(path: string): void;
  /** Holds every request whose path matches `pattern` (a slow network) until the returned call. */
  hold(pattern: RegExp): () => void;
  /** How many requests to `path` arrived, answered here or passed on. */
  count(path: string): number;
  close(): Promise<void>;
}

/** Starts the proxy on 127.0.0.1:`port` in front of `target` (an origin: "http://127.0.0.1:4173"). */
export async function startFaultProxy(target: string, port: number): Promise<FaultProxy> {
  const faults = new Map<string, { fault: Fault; times: number }>();
  const holds = new Map<RegExp, Promise<void>>();
  const counts = new Map<string, number>();
  const upstream = new URL(target);

  const pass = (request: IncomingMessage, response: ServerResponse) => {
    const onward = forward(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: request.method,
        path: request.url,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    onward.on("error", () => response.destroy());
    request.pipe(onward);
  };

  const server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://proxy.invalid").pathname;
    counts.set(path, (counts.get(path) ?? 0) + 1);
    const held = [...holds].find(([pattern]) => pattern.test(path))?.[1];
    if (held) return void held.then(() => pass(request, response));
    const planned = faults.get(path);
    if (!planned) return pass(request, response);
    planned.times -= 1;
    if (planned.times <= 0) faults.delete(path);
    const { status, retryAfter, error = `Refused with ${status}` } = planned.fault;
    // Read the body first, as a server does: the page's fetch then always gets the answer.
    request.resume();
    request.on("end", () => {
      response.writeHead(status, {
        "content-type": "application/json; charset=utf-8",
        // The page's own origin, so a cross-origin notify address would see the answer too.
        "access-control-allow-origin": request.headers.origin ?? "*",
        ...(retryAfter === undefined ? {} : { "retry-after": String(retryAfter) }),
      });
      response.end(JSON.stringify({ success: false, error }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));

  return {
    url: `http://127.0.0.1:${port}`,
    fail: (path, fault, times = 1) => faults.set(path, { fault, times }),
    failAll: (path, fault) => faults.set(path, { fault, times: Number.POSITIVE_INFINITY }),
    heal: (path) => faults.delete(path),
    hold: (pattern) => {
      let release = () => {};
      holds.set(
        pattern,
        new Promise<void>((resolve) => {
          release = resolve;
        }),
      );
      return () => {
        holds.delete(pattern);
        release();
      };
    },
    count: (path) => counts.get(path) ?? 0,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
