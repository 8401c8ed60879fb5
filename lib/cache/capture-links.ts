import { processSingleton } from "@/lib/process-singleton";

/** Forgets cached capture links: all of them, or those of one workspace. */
type Forget = (workspaceId?: string) => void;

// The cache of capture links lives with the ingest path (lib/ingest/capture-context.ts), above the domain; the
// code that changes what a link's context holds (fields, links, endpoints, notification preferences) sits below
// it and only says "forget". Shared per process (lib/process-singleton.ts), as the cache itself is.
const forgetters = processSingleton("capture-link-forgetters", () => new Set<Forget>());

/** Called by the cache when it is created: how to forget its entries. */
export function onCaptureLinksInvalidated(forget: Forget): void {
  forgetters.add(forget);
}

/** Forget cached links (of one workspace, or all) after a link or a custom field changed. */
export function invalidateCaptureLinks(workspaceId?: string): void {
  for (const forget of forgetters) forget(workspaceId);
}
