import { captureHandlers } from "@/lib/capture/capture-handlers";

export const dynamic = "force-dynamic";

// POST /ingest/<capture_link> and its other methods: lib/capture/capture-handlers.ts. scripts/server.mjs serves
// well-formed capture URLs with the same handlers directly (lib/capture/direct-capture.ts); this route takes the rest.
export const POST = captureHandlers.POST;
export const OPTIONS = captureHandlers.OPTIONS;
export const GET = captureHandlers.GET;
export const HEAD = captureHandlers.HEAD;
export const PUT = captureHandlers.PUT;
export const PATCH = captureHandlers.PATCH;
export const DELETE = captureHandlers.DELETE;
