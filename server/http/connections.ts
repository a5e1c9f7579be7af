/** What keeps idle and slow clients from using up the server: time limits and connection caps. */
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** Past these a connection gets 408 or is closed: an idle socket holds a slot for seconds only. */
export const TIME_LIMITS = {
  headersTimeoutMs: 5_000,
  requestTimeoutMs: 20_000,
  checkIntervalMs: 1_000,
  keepAliveTimeoutMs: 5_000,
  connectionTimeoutMs: 10_000,
} as const;

/**
 * At most `max` open connections, and `perIp` per client address when clients connect directly:
 * excess ones are closed at once, leaving file descriptors for /healthz and real visitors.
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
