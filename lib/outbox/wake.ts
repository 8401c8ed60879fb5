import { processSingleton } from "@/lib/process-singleton";

/** What wakeOutbox() wakes: this process's runner, or the server's handle on a runner in a child process. */
export interface Wakeable {
  wake(): void;
}

const slot = processSingleton<{ current?: Wakeable }>("outbox-runner", () => ({}));

/** Tells this process's outbox runner, if one runs, that a queue row was just written. */
export function wakeOutbox(): void {
  slot.current?.wake();
}

/** Makes wakeOutbox() wake `runner` (undefined: none); runner.ts and runner-process.ts call it. */
export function useOutboxRunner(runner: Wakeable | undefined): void {
  slot.current = runner;
}

/** Forgets `runner` if it is the one woken (it is stopping). */
export function forgetOutboxRunner(runner: Wakeable): void {
  if (slot.current === runner) slot.current = undefined;
}
