import { countViewRoute, viewMethodNotAllowed, viewPreflightRoute } from "@/lib/capture/count-view";

export const dynamic = "force-dynamic";

// POST /ingest/<capture_link>/views: one view of the link's form (lib/capture/count-view.ts).
export const POST = countViewRoute;
export const OPTIONS = viewPreflightRoute;
export const GET = viewMethodNotAllowed;
export const PUT = viewMethodNotAllowed;
export const PATCH = viewMethodNotAllowed;
export const DELETE = viewMethodNotAllowed;
