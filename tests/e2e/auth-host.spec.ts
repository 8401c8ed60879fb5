// Security 5 (sign-in redirects built from a forged Host): with PUBLIC_BASE_URL unset, raw HTTP requests
// carrying `Host: evil.example` (and X-Forwarded-Host) never get that host back in any URL we answer: the
// credentials callback's JSON `url`, its Set-Cookie, sign-out, and the redirect of an admin page without a session.
import http from "node:http";
import { seedWorkspace } from "./support/admin";
import { expect, test } from "./support/fixtures";

const EVIL = "evil.example";

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** One request exactly as written: the Host header is ours to choose, as a client that forges it would. */
function raw(baseUrl: string, method: string, path: string, headers: Record<string, string>, body?: string): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        hostname,
        port,
        method,
        path,
        headers: { ...headers, ...(body !== undefined && { "content-length": String(Buffer.byteLength(body)) }) },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

/** Everything of an answer that could carry a URL. */
function answerText(answer: RawAnswer): string {
  return JSON.stringify({ headers: answer.headers, body: answer.body });
}

function cookieHeader(answers: RawAnswer[]): string {
  return answers
    .flatMap((answer) => answer.headers["set-cookie"] ?? [])
    .map((cookie) => cookie.split(";")[0]!)
    .join("; ");
}

test("a forged Host never appears in sign-in, sign-out or sign-in redirect answers", async ({ leadlink }) => {
  const owner = await seedWorkspace(leadlink.dataDir);
  const forged = { host: EVIL, "x-forwarded-host": EVIL, "x-forwarded-proto": "https" };

  const csrf = await raw(leadlink.url, "GET", "/api/auth/csrf", forged);
  expect(csrf.status).toBe(200);
  const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
  const form = (fields: Record<string, string>) => new URLSearchParams({ csrfToken, ...fields }).toString();
  const post = (path: string, fields: Record<string, string>, cookies: string) =>
    raw(
      leadlink.url,
      "POST",
      path,
      { ...forged, cookie: cookies, "content-type": "application/x-www-form-urlencoded" },
      form(fields),
    );

  // The credentials callback without a callbackUrl, with a JSON answer, and as a plain form post.
  const signedIn = await post(
    "/api/auth/callback/credentials",
    { email: owner.email, password: owner.password, json: "true" },
    cookieHeader([csrf]),
  );
  expect(signedIn.status).toBe(200);
  expect(JSON.parse(signedIn.body)).toEqual({ url: "/" });
  expect(answerText(signedIn)).not.toContain(EVIL);
  expect(signedIn.headers["set-cookie"]?.some((cookie) => cookie.includes("next-auth.session-token"))).toBe(true);

  const formPost = await post(
    "/api/auth/callback/credentials",
    { email: owner.email, password: owner.password, callbackUrl: `/w/${owner.slug}/leads` },
    cookieHeader([csrf]),
  );
  expect(formPost.status).toBe(302);
  expect(formPost.headers.location).toBe(`/w/${owner.slug}/leads`);
  expect(answerText(formPost)).not.toContain(EVIL);

  // A wrong password, and callbackUrls that name the forged host outright.
  const wrong = await post(
    "/api/auth/callback/credentials",
    { email: owner.email, password: "wrong password", json: "true" },
    cookieHeader([csrf]),
  );
  expect(wrong.status).toBe(401);
  expect(JSON.parse(wrong.body).url).toMatch(/^\/api\/auth\/error\?error=CredentialsSignin/);
  expect(answerText(wrong)).not.toContain(EVIL);
  for (const callbackUrl of [`http://${EVIL}/`, `//${EVIL}/`, `http://${EVIL}/w/${owner.slug}`]) {
    const answer = await post(
      "/api/auth/callback/credentials",
      { email: owner.email, password: owner.password, callbackUrl, json: "true" },
      cookieHeader([csrf]),
    );
    expect(JSON.parse(answer.body)).toEqual({ url: "/" });
    expect(answerText(answer)).not.toContain(EVIL);
  }

  // Signing out.
  const signedOut = await post("/api/auth/signout", { callbackUrl: "/signin", json: "true" }, cookieHeader([csrf, signedIn]));
  expect(JSON.parse(signedOut.body)).toEqual({ url: "/signin" });
  expect(answerText(signedOut)).not.toContain(EVIL);
  const signOutDefault = await post("/api/auth/signout", { json: "true" }, cookieHeader([csrf]));
  expect(answerText(signOutDefault)).not.toContain(EVIL);

  // next-auth's own pages and the providers list.
  for (const path of [
    "/api/auth/signin",
    "/api/auth/signin?callbackUrl=%2Fw%2Fx",
    "/api/auth/error?error=Configuration",
    "/api/auth/providers",
    "/api/auth/session",
  ]) {
    const answer = await raw(leadlink.url, "GET", path, forged);
    expect(answer.status, path).toBeLessThan(500);
    expect(answerText(answer), path).not.toContain(EVIL);
  }

  // An admin page without a session: to sign-in, by path, coming back to the page afterwards.
  const page = await raw(leadlink.url, "GET", `/w/${owner.slug}/leads?q=ana`, forged);
  expect(page.status).toBe(307);
  expect(page.headers.location).toBe(`/signin?callbackUrl=${encodeURIComponent(`/w/${owner.slug}/leads?q=ana`)}`);
  expect(answerText(page)).not.toContain(EVIL);
  const home = await raw(leadlink.url, "GET", "/", forged);
  expect(home.headers.location).toBe("/signin");
});
