// Issue 15 (DESIGN.md section 11): a link that accepts HTML form posts. urlencoded and multipart bodies with
// the JSON body's field names and bracket nesting, JSON answers for Accept: application/json, otherwise 303s
// to the link's pages or the built-in ones, with ?error=&fields= on a refusal.
import { describe, expect, it } from "vitest";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { createField } from "@/lib/fields/create-field";
import { getLinkForm } from "@/lib/links/get-link-form";
import { setLinkForm } from "@/lib/links/set-link-form";
import { updateLinkSettings } from "@/lib/links/update-link-settings";
import { run, runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { formLink, linkSubmissions, multipart, postMultipart, postUrlencoded, redirectTarget } from "../support/form-posts";
import { bodyOf, expectProblem, raw, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";
import { fieldErrors, newTenant } from "../support/tenants";

const db = useTestDatabase();
withoutRateLimit();

const JSON_ACCEPT = { accept: "application/json" };

async function onlyLead(workspaceId: string) {
  const leads = await db.current.prisma.lead.findMany({ where: { workspaceId } });
  expect(leads).toHaveLength(1);
  return leads[0]!;
}

describe("a link without HTML form posts (the default)", () => {
  it("answers form bodies with 415 problem+json, as before, and logs them", async () => {
    const { link, token } = await formLink({ acceptForms: false });
    expect(link.acceptForms).toBe(false);
    const response = await postUrlencoded(token, [["email", uniqueEmail()]]);
    const problem = await expectProblem(response, 415, "unsupported_media_type");
    expect(problem.detail).toMatch(/Accept HTML form posts/);
    const form = new FormData();
    form.set("email", uniqueEmail());
    await expectProblem(await postMultipart(token, form), 415, "unsupported_media_type");
    expect((await linkSubmissions(db.current, link.id)).map((entry) => entry.errorCode)).toEqual([
      "unsupported_media_type",
      "unsupported_media_type",
    ]);
  });
});

describe("urlencoded forms", () => {
  it("create the lead with nesting and UTF-8, and send the browser to the built-in thank-you page", async () => {
    const { workspace, link, token } = await formLink();
    await createField(workspace.id, { name: "company", label: "Company" });
    invalidateCaptureLinks();
    const email = uniqueEmail("Form");
    const response = await postUrlencoded(token, [
      ["name", "  José Ação Çãú 日本 "],
      ["email", email],
      ["telephone", "(11) 98765-4321"],
      ["address[city]", "São Paulo"],
      ["address[zipCode]", "01310-100"],
      ["customFields[company]", "Ação & Cia"],
      ["utmSource", "newsletter"],
      ["submit", "Send"],
    ]);
    expect(response.status).toBe(303);
    expect(redirectTarget(response).pathname).toBe("/forms/thanks");
    expect(response.headers.get("cache-control")).toBe("no-store");
    const lead = await onlyLead(workspace.id);
    expect(lead).toMatchObject({
      name: "José Ação Çãú 日本",
      email: email.toLowerCase(),
      phone: "5511987654321",
      address: { city: "São Paulo", zipCode: "01310-100" },
      firstUtmSource: "newsletter",
    });
    expect(Object.values(lead.customFields as object)).toEqual(["Ação & Cia"]);
    const [entry] = await linkSubmissions(db.current, link.id);
    expect(entry).toMatchObject({ outcome: "created", leadId: lead.id, status: 201 });
    // The log keeps the form as the JSON object it became, so "Not spam" and the admin read it like any body.
    expect(JSON.parse(entry!.payload!)).toMatchObject({
      address: { city: "São Paulo" },
      customFields: { company: "Ação & Cia" },
    });
    expect(entry!.warnings).toEqual([expect.objectContaining({ field: "submit", code: "unknown_field" })]);
  });

  it("answer Accept: application/json with section 3's JSON: 201, then 200 for the same person", async () => {
    const { token } = await formLink();
    const email = uniqueEmail();
    const first = await postUrlencoded(token, [["email", email]], JSON_ACCEPT);
    expect(first.status).toBe(201);
    expect(first.headers.get("content-type")).toMatch(/^application\/json/);
    const created = await bodyOf(first);
    expect(created).toMatchObject({ created: true, warnings: [] });
    const second = await bodyOf(
      await postUrlencoded(
        token,
        [
          ["email", email],
          ["city", "Recife"],
        ],
        JSON_ACCEPT,
      ),
    );
    expect(second).toMatchObject({ leadId: created.leadId, created: false });
  });

  it("keep the last value of a repeated key (a hidden input and a ticked box), naming it in warnings; name[] collects", async () => {
    const { workspace, token } = await formLink();
    await createField(workspace.id, { name: "newsletter", label: "Newsletter", type: "boolean" });
    invalidateCaptureLinks();
    const response = await postUrlencoded(
      token,
      [
        ["email", uniqueEmail()],
        ["name", "First"],
        ["name", "Last"],
        ["customFields[newsletter]", "false"],
        ["customFields[newsletter]", "true"],
        ["tags[]", "a"],
        ["tags[]", "b"],
      ],
      JSON_ACCEPT,
    );
    const body = await bodyOf(response);
    expect(response.status).toBe(201);
    expect(body.warnings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "name", code: "repeated_field" }),
        expect.objectContaining({ field: "customFields[newsletter]", code: "repeated_field" }),
        expect.objectContaining({ field: "tags", code: "unknown_field" }),
      ]),
    );
    const lead = await onlyLead(workspace.id);
    expect(lead.name).toBe("Last");
    expect(Object.values(lead.customFields as object)).toEqual([true]);
  });

  it("ignore keys that would reach an object's prototype", async () => {
    const { workspace, token } = await formLink();
    const response = await postUrlencoded(
      token,
      "email=proto%40example.com&__proto__[polluted]=1&address[__proto__][x]=1&constructor[prototype][y]=2",
      JSON_ACCEPT,
    );
    expect(response.status).toBe(201);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await onlyLead(workspace.id)).email).toBe("proto@example.com");
  });

  it("refuse an oversized body: 303 to the error page with payload_too_large, 413 for JSON clients", async () => {
    const { link, token } = await formLink();
    const big = `email=${uniqueEmail()}&name=${"a".repeat(70 * 1024)}`;
    const browser = await postUrlencoded(token, big);
    expect(browser.status).toBe(303);
    const target = redirectTarget(browser);
    expect(target.pathname).toBe("/forms/error");
    expect(target.searchParams.get("error")).toBe("payload_too_large");
    await expectProblem(await postUrlencoded(token, big, JSON_ACCEPT), 413, "payload_too_large");
    expect((await linkSubmissions(db.current, link.id)).map((entry) => entry.errorCode)).toEqual([
      "payload_too_large",
      "payload_too_large",
    ]);
  });
});

describe("multipart forms", () => {
  it("create the lead with nesting and UTF-8; files are ignored and named in warnings", async () => {
    const { workspace, link, token } = await formLink();
    const form = new FormData();
    form.set("name", "Çedilha Ñandú");
    form.set("email", uniqueEmail());
    form.set("address[street]", "Rua Áurea");
    form.set("address[number]", "42");
    form.set("resume", new Blob(["%PDF-1.4 binary \u0000\u0001"], { type: "application/pdf" }), "cv.pdf");
    const response = await postMultipart(token, form, JSON_ACCEPT);
    expect(response.status).toBe(201);
    const body = await bodyOf(response);
    expect(body.warnings).toEqual([{ field: "resume", code: "file_ignored", message: expect.stringContaining("cv.pdf") }]);
    const lead = await onlyLead(workspace.id);
    expect(lead).toMatchObject({ name: "Çedilha Ñandú", address: { street: "Rua Áurea", number: "42" } });
    const [entry] = await linkSubmissions(db.current, link.id);
    expect(entry!.payload).not.toContain("PDF");
  });

  it("a retry with the same Idempotency-Key and fields but another boundary is a replay", async () => {
    const { workspace, link, token } = await formLink();
    const form = new FormData();
    form.set("email", uniqueEmail());
    const first = await postMultipart(token, form, { ...JSON_ACCEPT, "idempotency-key": "form-retry-1" });
    const second = await postMultipart(token, form, { ...JSON_ACCEPT, "idempotency-key": "form-retry-1" });
    expect(second.status).toBe(201);
    expect(second.headers.get("idempotent-replayed")).toBe("true");
    expect((await bodyOf(second)).leadId).toBe((await bodyOf(first)).leadId);
    await onlyLead(workspace.id);
    expect(await linkSubmissions(db.current, link.id)).toHaveLength(1);
  });

  it("a multipart body without its boundary is 400 invalid_form", async () => {
    const { token } = await formLink();
    const { body } = await multipart(new FormData());
    const response = await raw(token, { body, headers: { "content-type": "multipart/form-data", ...JSON_ACCEPT } });
    await expectProblem(response, 400, "invalid_form");
  });
});

describe("redirects", () => {
  it("go to the form settings' success URL when the Form tab sets one, before the link's own", async () => {
    const { workspace, link, token } = await formLink({
      allowedOrigins: ["https://www.example.com"],
      successUrl: "https://www.example.com/thanks",
    });
    const form = await getLinkForm(workspace.id, link.id);
    await setLinkForm(workspace.id, link.id, { ...form, successUrl: "https://www.example.com/obrigado" });
    const ok = await postUrlencoded(token, [["email", uniqueEmail()]], { origin: "https://www.example.com" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("https://www.example.com/obrigado");
    await setLinkForm(workspace.id, link.id, { ...form, successUrl: null });
    const again = await postUrlencoded(token, [["email", uniqueEmail()]], { origin: "https://www.example.com" });
    expect(again.headers.get("location")).toBe("https://www.example.com/thanks");
  });

  it("go to the link's success URL, and to its error URL with the code and the invalid fields", async () => {
    const { link, token } = await formLink({
      allowedOrigins: ["https://www.example.com"],
      successUrl: "https://www.example.com/thanks?from=form",
      errorUrl: "https://www.example.com/oops?lang=pt",
    });
    const ok = await postUrlencoded(token, [["email", uniqueEmail()]], { origin: "https://www.example.com" });
    expect(ok.status).toBe(303);
    expect(ok.headers.get("location")).toBe("https://www.example.com/thanks?from=form");
    expect(ok.headers.get("access-control-allow-origin")).toBe("https://www.example.com");

    const bad = await postUrlencoded(
      token,
      [
        ["email", "not-an-email"],
        ["telephone", "123"],
      ],
      { origin: "https://www.example.com" },
    );
    expect(bad.status).toBe(303);
    const target = new URL(bad.headers.get("location")!);
    expect(`${target.origin}${target.pathname}`).toBe("https://www.example.com/oops");
    expect(target.searchParams.get("lang")).toBe("pt");
    expect(target.searchParams.get("error")).toBe("validation_failed");
    expect(target.searchParams.get("fields")!.split(",").sort()).toEqual(["email", "telephone"]);
    expect(bad.headers.get("location")).toMatch(/[?&]fields=(email,telephone|telephone,email)$/);
    const entries = await linkSubmissions(db.current, link.id);
    expect(entries.map((entry) => [entry.outcome, entry.errorCode])).toEqual([
      ["created", null],
      ["rejected", "validation_failed"],
    ]);
  });

  it("use the built-in error page without an error URL; a refused origin and a revoked link redirect too", async () => {
    const { workspace, link, token } = await formLink({ allowedOrigins: ["https://www.example.com"] });
    const refused = await postUrlencoded(token, [["email", uniqueEmail()]], { origin: "https://evil.example" });
    expect(refused.status).toBe(303);
    expect(redirectTarget(refused).pathname).toBe("/forms/error");
    expect(redirectTarget(refused).searchParams.get("error")).toBe("origin_not_allowed");
    await db.current.prisma.captureLink.update({ where: { id: link.id }, data: { status: "revoked" } });
    invalidateCaptureLinks(workspace.id);
    const revoked = await postUrlencoded(token, [["email", uniqueEmail()]]);
    expect(redirectTarget(revoked).searchParams.get("error")).toBe("capture_link_revoked");
    expect(redirectTarget(revoked).searchParams.get("fields")).toBe("");
  });

  it("refuse targets that are not http(s) or outside the allowed origins, at create and at save", async () => {
    const refusedAtCreate = await fieldErrors(
      formLink({
        allowedOrigins: ["https://www.example.com"],
        successUrl: "https://elsewhere.example/thanks",
        errorUrl: "javascript:alert(1)",
      }),
    );
    expect(refusedAtCreate).toMatchObject({ errorUrl: "invalid_redirect_url" });
    expect(
      await fieldErrors(formLink({ allowedOrigins: ["https://www.example.com"], successUrl: "https://elsewhere.example/t" })),
    ).toEqual({ successUrl: "origin_not_allowed" });
    expect(await fieldErrors(formLink({ successUrl: "/relative" }))).toEqual({ successUrl: "invalid_redirect_url" });

    // Saving origins that leave a stored target outside them is refused too.
    const { workspace, link } = await formLink({ successUrl: "https://www.example.com/thanks" });
    expect(await fieldErrors(updateLinkSettings(workspace.id, link.id, { allowedOrigins: ["https://other.example"] }))).toEqual({
      successUrl: "origin_not_allowed",
    });
    const wildcard = await updateLinkSettings(workspace.id, link.id, { allowedOrigins: ["https://*.example.com"] });
    expect(wildcard.successUrl).toBe("https://www.example.com/thanks");
  });

  it("use a stored target only while it is valid: otherwise the built-in pages", async () => {
    const { workspace, link, token } = await formLink({ allowedOrigins: ["https://www.example.com"] });
    // Written around the checks (an older version, a hand edit): never followed.
    await db.current.prisma.captureLink.update({
      where: { id: link.id },
      data: { successUrl: "https://phishing.example/", errorUrl: "javascript:alert(1)" },
    });
    invalidateCaptureLinks(workspace.id);
    const ok = await postUrlencoded(token, [["email", uniqueEmail()]]);
    expect(redirectTarget(ok).pathname).toBe("/forms/thanks");
    const bad = await postUrlencoded(token, [["email", "x"]]);
    expect(redirectTarget(bad).pathname).toBe("/forms/error");
  });

  it("answer a filled honeypot like a person: to the success page, logged as spam", async () => {
    const { workspace, link, token } = await formLink({ honeypotField: "website" });
    const response = await postUrlencoded(token, [
      ["email", uniqueEmail()],
      ["website", "http://spam.example"],
    ]);
    expect(redirectTarget(response).pathname).toBe("/forms/thanks");
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
    expect((await linkSubmissions(db.current, link.id)).map((entry) => entry.outcome)).toEqual(["spam"]);
  });
});

describe("link create on the command line", () => {
  it("takes --accept-forms with --success-url and --error-url, and prints them", async () => {
    const { workspace } = await newTenant("Cliforms");
    const { code, body } = await runJson(
      "link",
      "create",
      "--workspace",
      workspace.slug,
      "--name",
      "Plain form",
      "--allowed-origin",
      "https://www.example.com",
      "--accept-forms",
      "--success-url",
      "https://www.example.com/thanks",
      "--error-url",
      "https://www.example.com/oops",
    );
    expect(code).toBe(0);
    expect(body).toMatchObject({
      acceptForms: true,
      successUrl: "https://www.example.com/thanks",
      errorUrl: "https://www.example.com/oops",
    });
    const response = await postUrlencoded(body.token, [["email", uniqueEmail()]]);
    expect(response.headers.get("location")).toBe("https://www.example.com/thanks");
  });

  it("takes --captcha with its secret and score, never printing the secret; refuses a target off the origins", async () => {
    const { workspace } = await newTenant("Clicaptcha");
    const { code, body } = await runJson(
      "link",
      "create",
      "--workspace",
      workspace.slug,
      "--name",
      "Captcha",
      "--captcha",
      "recaptcha",
      "--captcha-secret",
      "cli-secret",
      "--captcha-site-key",
      "cli-site-key",
      "--captcha-min-score",
      "0.8",
    );
    expect(code).toBe(0);
    expect(body.captcha).toEqual({ provider: "recaptcha", siteKey: "cli-site-key", minScore: 0.8, acceptOnOutage: false });
    expect(JSON.stringify(body)).not.toContain("cli-secret");
    const refused = await run(
      "link",
      "create",
      "--workspace",
      workspace.slug,
      "--name",
      "Bad",
      "--allowed-origin",
      "https://www.example.com",
      "--accept-forms",
      "--success-url",
      "https://elsewhere.example/",
      "--json",
    );
    expect(refused.code).toBe(1);
    expect(`${refused.stdout}${refused.stderr}`).toContain("successUrl");
  });
});
