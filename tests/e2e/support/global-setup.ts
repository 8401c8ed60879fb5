import { buildIfStale } from "../../../scripts/build-if-stale.mjs";

/**
 * The suite runs against the production build, like `npm start`: build once here when the sources
 * changed since the last build, so the server processes the tests start all serve the same build.
 */
export default function globalSetup(): void {
  buildIfStale();
}
