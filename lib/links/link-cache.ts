// Kept for the callers in lib/webhooks (being moved to lib/outbox and lib/channels on another branch): new code
// imports invalidateCaptureLinks from lib/cache/capture-links.ts, and this file goes once they do.
export { invalidateCaptureLinks } from "@/lib/cache/capture-links";
