import { AsyncLocalStorage } from "node:async_hooks";

// Next's server puts AsyncLocalStorage on globalThis before any of its modules load; without it they fall back
// to a store that refuses to run. Imported first by server-action.ts, which test files import before app code.
(globalThis as { AsyncLocalStorage?: unknown }).AsyncLocalStorage ??= AsyncLocalStorage;
