/**
 * How the client build splits into chunks, where rolldown's automatic splitting is not enough.
 *
 * What the browser adds after hydration and after the load event (the notices, the install help,
 * the service worker's bridge, the outbox check) is a dozen modules of a few hundred bytes to
 * 5 kB. Split automatically, that is a dozen requests during the load, each with its headers and
 * its own task; grouped, most of it is one (docs/requirements.md ). None of these modules
 * is in a page's first load, and the outbox pipeline (outbox-client, deliver) stays out: it
 * loads only when messages wait or a submit queues one. `budget.spec.ts` checks both.
 */
import type { Rolldown } from "vite";

const AFTER_LOAD_MODULES = [
  "src/features/pwa/pwa-notices.tsx",
  "src/features/pwa/pwa-store.ts",
  "src/features/pwa/use-online.ts",
  "src/features/pwa/offline-ready.ts",
  "src/features/pwa/install-help.ts",
  "src/features/pwa/service-worker.ts",
  "src/shared/pwa/messages.ts",
  "src/features/contact/outbox-notice.tsx",
  "src/features/contact/outbox-store.ts",
  "src/features/contact/outbox-text.ts",
  "src/features/contact/start-outbox.ts",
  "src/shared/contact/outbox-count.ts",
  "src/shared/contact/outbox-messages.ts",
  "node_modules/workbox-window/",
];

const captured = (id: string) => {
  const path = id.replaceAll("\\", "/");
  return AFTER_LOAD_MODULES.some((module) => path.includes(`/${module}`));
};

export const clientChunks: Rolldown.CodeSplittingOptions = {
  groups: [
    {
      name: "after-load",
      test: captured,
      // Only the modules listed: what they import from the first load (React, zustand, the JSX
      // runtime, the content) stays where the first load already has it.
      includeDependenciesRecursively: false,
    },
  ],
};
