/**
 * One value per process. Next.js can load a module once per bundle (instrumentation, each route,
 * server actions), so module-level state such as a cache or a connection pool would be duplicated
 * and an invalidation in one copy missed by the others; state that must be shared lives on globalThis.
 */
export function processSingleton<T>(name: string, create: () => T): T {
  const key = Symbol.for(`leadlink.${name}`);
  const store = globalThis as Record<symbol, unknown>;
  if (!(key in store)) store[key] = create();
  return store[key] as T;
}
