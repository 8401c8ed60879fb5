import { expect, test } from "./support/admin";
import { leadlinkCli } from "./support/cli";
import { htmlPage, serveForeignSite } from "./support/foreign-site";

// New-user item 2 (the server's side): a browser's POST refused by a link's allowed origins never reached
// the request log, because the browser stops at the refused CORS preflight. The refused preflight is now
// recorded as a rejected origin_not_allowed entry with the page's origin, and the link's log shows it.

test("a browser post from an origin the link does not allow shows up in the link's request log", async ({
  signedInPage: page,
  workspace,
  leadlink,
}) => {
  const link = await leadlinkCli<{ id: string; token: string }>(leadlink.dataDir, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Restricted",
    "--allowed-origin",
    "https://only.example.com",
  ]);
  const site = await serveForeignSite({ "/": htmlPage("Landing", "<p>landing</p>") });
  try {
    const landing = await page.context().newPage();
    await landing.goto(site.origin);
    const outcome = await landing.evaluate(async (url) => {
      try {
        const response = await fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: '{"email":"ana@example.com"}',
        });
        return String(response.status);
      } catch {
        return "blocked";
      }
    }, `${leadlink.url}/ingest/${link.token}`);
    // The browser never sends the POST: the preflight got no grant.
    expect(outcome).toBe("blocked");
    await landing.close();

    await page.goto(`/w/${workspace.slug}/links/${link.id}`);
    const entry = page.locator("#requests").getByTestId("submission");
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText("origin_not_allowed");
    await expect(entry).toContainText(site.origin);
  } finally {
    await site.close();
  }
});
