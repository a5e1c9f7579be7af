/** The worker's half of the outbox: Background Sync drains it, and the open pages are told on its channel. */
import { createDeliverDeps, type PipelineConfig } from "../src/shared/contact/deps";
import { createOutboxChannel } from "../src/shared/contact/outbox-channel";
import { createOutboxSyncListener, openOutbox, type SyncEventLike } from "../src/shared/contact/outbox-store";

export function registerOutboxSync(worker: ServiceWorkerGlobalScope, config: PipelineConfig): void {
  const channel = createOutboxChannel();
  const listener = createOutboxSyncListener({
    outbox: openOutbox(),
    deps: createDeliverDeps(config),
    from: "worker",
    announce: (message) => channel.post(message),
  });
  // "sync" is not in TypeScript's ServiceWorkerGlobalScopeEventMap: the event is a SyncEvent.
  worker.addEventListener("sync", (event) => listener(event as unknown as SyncEventLike));
}
