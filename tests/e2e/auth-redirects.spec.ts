// New-user 6 (sign-in loses the page you were going to) and security 2 (open redirect after sign-in):
// the sign-in page carries the page that sent the user there and lands on it, and follows only paths of this site.
import { expect, test } from "./support/admin";

test("signing in lands on the page the user was going to, query included", async ({ page, workspace }) => {
  const target = `/w/${workspace.slug}/leads?q=ana&sort=name`;
  await page.goto(target);
  await expect(page).toHaveURL(/\/signin\?callbackUrl=/);
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(target);
  await page.getByLabel("Email").fill(workspace.email);
  await page.getByLabel("Password").fill(workspace.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === target);
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();

  // Signed in already: a link to the sign-in page with a callbackUrl goes straight on.
  await page.goto(`/signin?callbackUrl=${encodeURIComponent(`/w/${workspace.slug}/members`)}`);
  await expect(page).toHaveURL(new RegExp(`/w/${workspace.slug}/members$`));
  await page.goto(`/signin?callbackUrl=${encodeURIComponent("//evil.example/")}`);
  await expect(page).toHaveURL(new RegExp(`/w/${workspace.slug}$`));
});

for (const evil of [
  "{origin}//evil.example/",
  "{origin}/\\evil.example/",
  "//evil.example/",
  "/\\evil.example/",
  "/%5Cevil.example/",
  "https://evil.example/",
  "javascript:alert(document.domain)",
]) {
  test(`sign-in with callbackUrl ${evil} stays on this site`, async ({ page, workspace, baseURL }) => {
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    const callbackUrl = evil.replace("{origin}", baseURL!);
    await page.goto(`/signin?${new URLSearchParams({ callbackUrl })}`);
    await page.getByLabel("Email").fill(workspace.email);
    await page.getByLabel("Password").fill(workspace.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    // The front door sends a signed-in owner on to their workspace.
    await expect(page).toHaveURL(`${baseURL}/w/${workspace.slug}`);
    expect(requests.filter((url) => new URL(url).hostname === "evil.example")).toEqual([]);
  });
}
