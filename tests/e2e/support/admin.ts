import { randomBytes } from "node:crypto";
import type { BrowserContext, Page } from "@playwright/test";
import { leadlinkCli } from "./cli";
import { test as base, expect } from "./fixtures";

export interface SeededWorkspace {
  /** The owner's credentials. */
  email: string;
  password: string;
  slug: string;
  workspaceId: string;
  name: string;
}

/** A new user who owns a new workspace, made with the command line against the worker's server. */
export async function seedWorkspace(dataDir: string, options: { name?: string } = {}): Promise<SeededWorkspace> {
  const suffix = randomBytes(4).toString("hex");
  const email = `owner-${suffix}@example.com`;
  const password = `password-${suffix}`;
  const name = options.name ?? `Acme ${suffix}`;
  await leadlinkCli(dataDir, ["user", "create", "--email", email, "--password", password, "--name", `Owner ${suffix}`]);
  // A given name is shared by the specs of one worker's server: the slug (else made from the name) must not be.
  const slug = options.name ? ["--slug", `ws-${suffix}`] : [];
  const workspace = await leadlinkCli<{ id: string; slug: string }>(dataDir, [
    "workspace",
    "create",
    "--name",
    name,
    "--owner",
    email,
    ...slug,
  ]);
  return { email, password, slug: workspace.slug, workspaceId: workspace.id, name };
}

/** Signs the browser context in through next-auth's credentials endpoint (the sign-in page has its own tests). */
export async function signIn(context: BrowserContext, baseURL: string, email: string, password: string): Promise<void> {
  const { csrfToken } = (await (await context.request.get(`${baseURL}/api/auth/csrf`)).json()) as { csrfToken: string };
  const response = await context.request.post(`${baseURL}/api/auth/callback/credentials`, {
    form: { csrfToken, email, password, json: "true" },
    maxRedirects: 0,
  });
  if (response.status() >= 400) throw new Error(`sign-in failed: ${response.status()} ${await response.text()}`);
  const cookies = await context.cookies(baseURL);
  if (!cookies.some((cookie) => cookie.name.endsWith("next-auth.session-token")))
    throw new Error(`sign-in as ${email} set no session cookie`);
}

/**
 * `test` with `workspace`: a fresh workspace per test whose owner is signed in on `page`, so specs never
 * see each other's data (and can prove they cannot).
 */
export const test = base.extend<{ workspace: SeededWorkspace; signedInPage: Page }>({
  workspace: async ({ leadlink }, use) => {
    await use(await seedWorkspace(leadlink.dataDir));
  },
  signedInPage: async ({ page, context, workspace, baseURL }, use) => {
    await signIn(context, baseURL!, workspace.email, workspace.password);
    // Every admin spec doubles as a check of the Content-Security-Policy (proxy.ts): the browser reports
    // a blocked script or style as a console error.
    const violations: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    expect(violations, "Content-Security-Policy violations on the page").toEqual([]);
  },
});

export { expect };
