// Admin security in the production build: security headers and a nonce CSP on every page with no
// violation while the app is used, JSON endpoints with nosniff only, server actions refused from another
// origin, session cookie flags (Secure behind TLS), and the sign-in form's answer to too many attempts.
import type { ConsoleMessage, Page } from "@playwright/test";
import { expect, seedWorkspace, test } from "./support/admin";
import { type RunningServer, removeDataDir, startServer, tempDataDir } from "./support/server";

/** Console errors and page errors of a page: a CSP violation shows up as a console error. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message: ConsoleMessage) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

/** Checks a page response's security headers and returns its CSP nonce. */
function expectPageHeaders(headers: Record<string, string>, url: string): string {
  const csp = headers["content-security-policy"];
  expect(csp, `a CSP on ${url}`).toBeTruthy();
  const policy = directives(csp!);
  const scripts = policy.get("script-src") ?? [];
  expect(scripts, url).toContain("'strict-dynamic'");
  expect(scripts, "no inline scripts but nonced ones").not.toContain("'unsafe-inline'");
  expect(scripts).not.toContain("'unsafe-eval'");
  const nonce = scripts.find((value) => value.startsWith("'nonce-"))?.slice(7, -1);
  expect(nonce, url).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
  expect(policy.get("frame-ancestors")).toEqual(["'none'"]);
  expect(policy.get("object-src")).toEqual(["'none'"]);
  expect(policy.get("base-uri")).toEqual(["'none'"]);
  expect(policy.get("form-action")).toEqual(["'self'"]);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["permissions-policy"]).toContain("camera=()");
  return nonce!;
}

test("every page carries the security headers and a fresh nonce CSP, and the app works under it without a violation", async ({
  signedInPage: page,
  workspace,
}) => {
  const errors = collectErrors(page);
  const base = `/w/${workspace.slug}`;
  const nonces = new Set<string>();
  for (const path of [
    base,
    `${base}/links`,
    `${base}/links/new`,
    `${base}/fields`,
    `${base}/members`,
    "/problems/invalid_json",
    "/problems/no-such-code",
    "/no-such-page",
  ]) {
    const response = await page.goto(path);
    expect(response, path).not.toBeNull();
    const nonce = expectPageHeaders(await response!.allHeaders(), path);
    nonces.add(nonce);
    // Every script tag of the HTML (Next.js's own, inline and external) carries this response's nonce; the
    // chunks those load later need none ('strict-dynamic').
    const tags = (await response!.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(tags.length, path).toBeGreaterThan(0);
    for (const tag of tags) expect(tag, `a script tag on ${path}`).toContain(` nonce="${nonce}"`);
  }
  expect(nonces.size, "a new nonce per response").toBe(8);

  // Hydrated and working: a client-side form posts a server action and navigates.
  await page.goto(`${base}/links/new`);
  await page.getByLabel("Name").fill("Under CSP");
  await page.getByRole("button", { name: "Create capture link" }).click();
  await expect(page.getByRole("heading", { name: "Under CSP" })).toBeVisible();
  await page.getByRole("tab", { name: "JavaScript" }).click();
  await page.getByRole("link", { name: "← Capture links" }).click();
  await expect(page.getByRole("row", { name: /Under CSP/ })).toBeVisible();

  // 404s are expected here (the not-found pages visited above, prefetches of pages this build lacks).
  expect(
    errors.filter((error) => !error.startsWith("Failed to load resource")),
    "no console errors (a CSP violation is one)",
  ).toEqual([]);

  // Markup that slipped into a page could not run: the browser refuses an inline event handler. (On a
  // second tab: the fixture fails the test on any violation on the first.)
  const probe = await page.context().newPage();
  await probe.goto(`${base}/links`);
  const violation = await probe.evaluate(
    () =>
      new Promise<string>((resolve) => {
        document.addEventListener("securitypolicyviolation", (event) => resolve(event.effectiveDirective), { once: true });
        const holder = document.createElement("div");
        holder.innerHTML = '<img src="data:," onerror="window.__injected = true">';
        document.body.append(holder);
        setTimeout(() => resolve("no violation"), 5_000);
      }),
  );
  expect(violation).toMatch(/^script-src/);
  expect(await probe.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  await probe.close();
});

test("the JSON endpoints answer with nosniff and no page policy", async ({ request, leadlink }) => {
  for (const response of [
    await request.post(`${leadlink.url}/ingest/cl_nosuchlinkaaaaaaaaaaaaa`, { data: { email: "a@example.com" } }),
    await request.get(`${leadlink.url}/api/health`),
  ]) {
    const headers = response.headers();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["content-security-policy"]).toBeUndefined();
    expect(headers["x-frame-options"]).toBeUndefined();
  }
});

test("a server action called from another origin is refused and changes nothing; the same call from the app's origin works", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const base = `/w/${workspace.slug}`;
  await page.goto(`${base}/links/new`);
  await page.getByLabel("Name").fill("Forged link");

  // The browser's own server action request, caught before it reaches the server.
  let captured: { headers: Record<string, string>; body: Buffer; url: string } | undefined;
  await page.route(`**${base}/links/new`, async (route) => {
    const request = route.request();
    const headers = await request.allHeaders();
    if (request.method() === "POST" && headers["next-action"]) {
      captured = { headers, body: request.postDataBuffer() ?? Buffer.alloc(0), url: request.url() };
      await route.abort();
    } else await route.continue();
  });
  await page.getByRole("button", { name: "Create capture link" }).click();
  await expect.poll(() => captured !== undefined).toBe(true);
  await page.unroute(`**${base}/links/new`);

  const replay = (origin: string) => {
    const headers = Object.fromEntries(
      Object.entries(captured!.headers).filter(
        ([name]) => !["host", "content-length", "cookie", "origin", "referer"].includes(name) && !name.startsWith(":"),
      ),
    );
    return page.context().request.post(captured!.url, {
      headers: { ...headers, origin, referer: `${origin}/` },
      data: captured!.body,
      maxRedirects: 0,
    });
  };

  const forged = await replay("https://evil.example");
  expect(forged.status(), await forged.text()).toBeGreaterThanOrEqual(400);
  await page.goto(`${base}/links`);
  await expect(page.getByRole("heading", { name: "No capture links yet" })).toBeVisible();

  const genuine = await replay(leadlink.url);
  expect(genuine.status()).toBeLessThan(400);
  await page.goto(`${base}/links`);
  await expect(page.getByRole("row", { name: /Forged link/ })).toBeVisible();
});

// --- Cookies and sign-in limits on servers of their own (their settings differ; the limits must not lock
// out the worker's server, whose specs all sign in from 127.0.0.1).

/** Signs in through next-auth's endpoints with fetch and returns the Set-Cookie headers of the answer. */
async function signInCookies(
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<string[]> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`, { headers });
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers
    .getSetCookie()
    .map((value) => value.split(";")[0])
    .join("; ");
  const response = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { ...headers, cookie, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ csrfToken, email, password, json: "true" }),
  });
  expect(response.status, await response.clone().text()).toBeLessThan(400);
  return response.headers.getSetCookie();
}

/** Clicks "Sign in" and waits for next-auth's answer. */
async function submit(page: Page): Promise<void> {
  await Promise.all([
    page.waitForResponse((response) => response.url().includes("/api/auth/callback/credentials")),
    page.getByRole("button", { name: "Sign in" }).click(),
  ]);
}

function sessionCookie(setCookies: string[]): string {
  const found = setCookies.find((value) => /^(__Secure-)?next-auth\.session-token=/.test(value));
  expect(found, setCookies.join("\n")).toBeTruthy();
  return found!;
}

test.describe("session cookies and sign-in limits", () => {
  let servers: RunningServer[] = [];
  test.afterAll(async () => {
    for (const server of servers) {
      await server.stop();
      removeDataDir(server.dataDir);
    }
    servers = [];
  });
  async function server(env: Record<string, string>) {
    const started = await startServer({ dataDir: tempDataDir(), env });
    servers.push(started);
    return started;
  }

  test("the session cookie is httpOnly and SameSite=Lax; Secure with the __Secure- prefix behind TLS, never from a spoofed header", async ({
    leadlink,
  }) => {
    const owner = await seedWorkspace(leadlink.dataDir);
    const plain = sessionCookie(await signInCookies(leadlink.url, owner.email, owner.password, { "x-forwarded-proto": "https" }));
    expect(plain).toMatch(/^next-auth\.session-token=/);
    expect(plain).toMatch(/;\s*HttpOnly/i);
    expect(plain).toMatch(/;\s*SameSite=Lax/i);
    expect(plain).not.toMatch(/;\s*Secure/i);

    // A proxy terminating TLS (TRUST_PROXY=1) says so in X-Forwarded-Proto; or PUBLIC_BASE_URL is https.
    const proxied = await server({ TRUST_PROXY: "1" });
    const public_ = await server({ PUBLIC_BASE_URL: "https://leads.example.com" });
    for (const [target, headers] of [
      [proxied, { "x-forwarded-proto": "https", "x-forwarded-host": "leads.example.com" }],
      [public_, {}],
    ] as const) {
      const user = await seedWorkspace(target.dataDir);
      const secure = sessionCookie(await signInCookies(target.url, user.email, user.password, headers));
      expect(secure).toMatch(/^__Secure-next-auth\.session-token=/);
      expect(secure).toMatch(/;\s*Secure/i);
      expect(secure).toMatch(/;\s*HttpOnly/i);
      expect(secure).toMatch(/;\s*SameSite=Lax/i);
    }
  });

  test("after too many wrong passwords the sign-in form says how long to wait; other addresses and accounts still sign in", async ({
    browser,
  }) => {
    const target = await server({ TRUST_PROXY: "1" });
    const owner = await seedWorkspace(target.dataDir);
    const other = await seedWorkspace(target.dataDir);
    const context = await browser.newContext({ extraHTTPHeaders: { "x-forwarded-for": "203.0.113.50" } });
    const page = await context.newPage();
    await page.goto(`${target.url}/signin`);
    for (let attempt = 0; attempt < 10; attempt++) {
      await page.getByLabel("Email").fill(owner.email);
      await page.getByLabel("Password").fill(`wrong ${attempt}`);
      await submit(page);
      await expect(page.getByText("Wrong email or password.")).toBeVisible();
    }
    await page.getByLabel("Password").fill(owner.password);
    await submit(page);
    await expect(page.getByText("Too many attempts, try again in 15 minutes.")).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);

    // Another account from the same address signs in.
    await page.getByLabel("Email").fill(other.email);
    await page.getByLabel("Password").fill(other.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(new RegExp(`/w/${other.slug}`));
    await context.close();
  });
});
