/**
 * What keeps idle and slow clients from using up the server: time limits on every connection,
 * and caps on open connections, overall and per client address.
 */
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/**
 * Time limits. A connection must send a whole request head within HEADERS_TIMEOUT_MS of opening
 * (or of its previous answer) and a whole request within REQUEST_TIMEOUT_MS, else it gets 408 and
 * is closed (Node checks every CHECK_INTERVAL_MS): an idle socket holds a slot for seconds only.
 */
export const TIME_LIMITS = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 20_000,
  checkIntervalMs: 1_000,
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: 5_000,
  /** A socket with no traffic at all is closed after this. */
  connectionTimeoutMs: 10_000,
} as const;

/**
 * At most `max` open connections, and `perIp` per client address when clients connect directly.
 * Excess connections are closed at once, so idle or trickling ones never use up the file
 * descriptors that /healthz and real visitors need.
 */
export function capConnections(app: FastifyInstance, max: number, perIp: number | undefined): void {
  app.server.maxConnections = max;
  const open = new Map<string, number>();
  let lastWarning = 0;
  const warn = (limit: number, message: string) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    app.log.warn({ limit }, message);
  };
  app.server.on("drop", () => warn(max, "MAX_CONNECTIONS reached; new connections are refused"));
  if (perIp === undefined) return;
  app.server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > perIp) {
      warn(perIp, "a client address reached the connection limit; closing its extra connections");
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left <= 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
