/**
 * The service worker's half of the outbox: answers Background Sync's "contact-outbox" event by
 * draining the outbox with the shared pipeline (src/shared/contact/drain.ts), and tells the open
 * pages over the outbox BroadcastChannel. `sw.ts` calls `registerOutboxSync(self, config)` once,
 * with the PipelineConfig baked into the worker at build time.
 */
import { createDeliverDeps, type PipelineConfig } from "../src/shared/contact/deps";
import { createOutboxSyncListener, type SyncEventLike } from "../src/shared/contact/drain";
import { openOutbox } from "../src/shared/contact/outbox";
import { createOutboxChannel } from "../src/shared/contact/outbox-messages";

export function registerOutboxSync(worker: ServiceWorkerGlobalScope, config: PipelineConfig): void {
  const announcer = createOutboxChannel();
  const listener = createOutboxSyncListener({
    outbox: openOutbox(),
    deps: createDeliverDeps(config),
    from: "worker",
    announce: (message) => announcer.post(message),
  });
  // "sync" is not in TypeScript's ServiceWorkerGlobalScopeEventMap: the event is a SyncEvent.
  worker.addEventListener("sync", (event) => listener(event as unknown as SyncEventLike));
}
