export const OFFLINE_READY_SHOWN_KEY = "pwa:offline-ready-shown";

type FlagStorage = Pick<Storage, "getItem" | "setItem">;

/** True once per device; storage that cannot be read shows nothing rather than the notice every time. */
export function claimOfflineReadyNotice(storage: FlagStorage | null): boolean {
  if (!storage) return false;
  try {
    if (storage.getItem(OFFLINE_READY_SHOWN_KEY) !== null) return false;
    storage.setItem(OFFLINE_READY_SHOWN_KEY, new Date().toISOString());
    return true;
  } catch {
    return false;
  }
}

/** `window.localStorage`, or null where reading it throws (storage disabled). */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
