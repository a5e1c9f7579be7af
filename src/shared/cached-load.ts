/**
 * A load (typically a dynamic `import()`) that runs at most once at a time and is remembered once
 * it has succeeded. A failed load (offline before the chunk was cached, a deploy that removed it)
 * is forgotten, so the next call tries again. Usable in the page and in the service worker.
 */
export interface CachedLoad<T> {
  (): Promise<T>;
  /** The loaded value, once a load has succeeded; undefined until then. */
  readonly value: () => T | undefined;
}

export function cachedLoad<T>(load: () => Promise<T>): CachedLoad<T> {
  let pending: Promise<T> | undefined;
  let value: T | undefined;
  let loaded = false;
  const get = () => {
    if (!pending) {
      const attempt = load().then((result) => {
        value = result;
        loaded = true;
        return result;
      });
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
  return Object.assign(get, { value: () => (loaded ? value : undefined) });
}
