/** A load (a dynamic `import()`) run once at a time and remembered once it succeeded; a failure is forgotten. */
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
