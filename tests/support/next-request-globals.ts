import { AsyncLocalStorage } from "node:async_hooks";

// Next's server puts AsyncLocalStorage on globalThis before any of its modules load; without it they fall back
// to a store that refuses to run. A setup file of the integration projects (vitest.config.ts), and imported by server-action.ts.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
