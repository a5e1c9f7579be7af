/** A load (a dynamic `import()`) run once at a time and remembered once it succeeded; a failure is forgotten. */
export function cachedLoad<T>(load: () => Promise<T>) {
  let pending: Promise<T> | undefined;
  let loaded: { value: T } | undefined;
  const get = () => {
    if (!pending) {
      const attempt = load().then((value) => {
        loaded = { value };
        return value;
      });
      pending = attempt;
      attempt.catch(() => {
        if (pending === attempt) pending = undefined;
      });
    }
    return pending;
  };
  // The loaded value, once a load has succeeded; undefined until then.
  return Object.assign(get, { value: () => loaded?.value });
}

export type CachedLoad<T> = ReturnType<typeof cachedLoad<T>>;
