import "./next-request-globals";
import { workAsyncStorage } from "next/dist/server/app-render/work-async-storage.external.js";
import { workUnitAsyncStorage } from "next/dist/server/app-render/work-unit-async-storage.external.js";
import { createRequestStoreForAPI } from "next/dist/server/async-storage/request-store.js";
import { encode } from "next-auth/jwt";
import { authSecret } from "@/lib/auth/auth-secret";
import { startSession } from "@/lib/auth/sessions";
import { REMOTE_ADDRESS_HEADER } from "@/lib/http/request-meta";

export interface SignedInUser {
  id: string;
  email: string;
  name: string | null;
}

const ORIGIN = "http://localhost:3000";

/**
 * Calls a real server action (imported from app/…/actions.ts) the way Next runs one for a browser signed in
 * as `user` (or signed out, with null): inside a request scope whose cookie carries a session JWT signed like
 * next-auth's own, naming a session row as a sign-in would, so `getServerSession`, `headers()` and `revalidatePath` behave as in the server. What the
 * action decides (who may act, on which workspace's rows) is then tested for real, with nothing mocked.
 * The stores are Next's internal ones (next/dist/…): pinned by the lock file, and a Next upgrade that changes
 * them makes these tests fail loudly rather than pass wrongly. Import this module before any app module (it sets
 * the global Next's modules look for when they load).
 */
export async function callAction<T>(
  user: SignedInUser | null,
  action: () => Promise<T>,
  browser: { acceptLanguage?: string; remoteAddress?: string; timeZone?: string } = {},
): Promise<T> {
  const headers = new Headers({ host: new URL(ORIGIN).host, "x-forwarded-proto": "http", origin: ORIGIN });
  if (browser.acceptLanguage) headers.set("accept-language", browser.acceptLanguage);
  // The socket's address, as the server hands it to the app (lib/http/request-meta.ts).
  if (browser.remoteAddress) headers.set(REMOTE_ADDRESS_HEADER, browser.remoteAddress);
  if (user) {
    // A session row, as a sign-in makes one: the server reads (and may have revoked) it on every request.
    const token = await encode({ token: { sid: await startSession(user.id), sub: user.id }, secret: authSecret() });
    headers.set("cookie", `next-auth.session-token=${token}`);
  }
  // The zone the browser reports (components/ui/viewer.tsx sets this cookie).
  if (browser.timeZone)
    headers.set("cookie", [headers.get("cookie"), `leadlink-tz=${browser.timeZone}`].filter(Boolean).join("; "));
  const requestStore = createRequestStoreForAPI(
    { headers } as never,
    new URL(ORIGIN),
    undefined as never,
    undefined,
    undefined as never,
    undefined,
  );
  const workStore = {
    page: "/action",
    route: "/action",
    incrementalCache: {},
    forceStatic: false,
    dynamicShouldError: false,
    isStaticGeneration: false,
  };
  return workAsyncStorage.run(workStore as never, () => workUnitAsyncStorage.run(requestStore, action));
}
