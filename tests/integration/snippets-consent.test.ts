// Issue 26 part 3 (DESIGN.md section 12 "Snippets"): form posts' consent[granted] words and utm_* names, and the
// snippets a link page gives, in the workspace's language, with consent iff the link requires it, each run
// verbatim against the real route handler (the curl snippet through curl and a local HTTP server).
import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import vm from "node:vm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as route from "@/app/ingest/[captureLink]/route";
import { fieldLabel, formPageText } from "@/lib/capture/html-forms/form-page-text";
import { linkSnippets } from "@/lib/capture/snippets/link-snippets";
import { linkSnippetForm } from "@/lib/capture/snippets/snippet-form";
import { createField } from "@/lib/fields/create-field";
import { listFields } from "@/lib/fields/list-fields";
import { messageLanguage } from "@/lib/i18n/message-language";
import { messagesFor } from "@/lib/i18n/messages";
import { getLinkForm } from "@/lib/links/get-link-form";
import { setLinkForm } from "@/lib/links/set-link-form";
import { findUntranslated } from "../support/catalogues";
import { useTestDatabase } from "../support/database";
import { formLink, postUrlencoded, redirectTarget } from "../support/form-posts";
import { bodyOf, expectProblem, raw, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";

const db = useTestDatabase();
withoutRateLimit();

const JSON_ACCEPT = { accept: "application/json" };

async function consentRecords(workspaceId: string) {
  return db.current.prisma.consentRecord.findMany({ where: { workspaceId } });
}

describe("a form post's consent", () => {
  it.each(["on", "true", "1", "yes", "ON", "True", "YES"])(
    "consent[granted]=%s is granted: 201 and a consent record with the text, version and purposes",
    async (word) => {
      const { workspace, token } = await formLink({ requireConsent: true });
      const response = await postUrlencoded(
        token,
        [
          ["email", uniqueEmail()],
          ["consent[granted]", word],
          ["consent[text]", "Aceito receber contato."],
          ["consent[version]", "v3"],
          ["consent[purposes]", "contato"],
          ["consent[purposes]", "ofertas"],
        ],
        JSON_ACCEPT,
      );
      expect(response.status).toBe(201);
      const [record, ...others] = await consentRecords(workspace.id);
      expect(others).toEqual([]);
      expect(record).toMatchObject({
        granted: true,
        text: "Aceito receber contato.",
        version: "v3",
        purposes: ["contato", "ofertas"],
      });
    },
  );

  it("consent[purposes][] is a list too", async () => {
    const { workspace, token } = await formLink({ requireConsent: true });
    const response = await postUrlencoded(
      token,
      `email=${encodeURIComponent(uniqueEmail())}&consent%5Bgranted%5D=on&consent%5Bpurposes%5D%5B%5D=a&consent%5Bpurposes%5D%5B%5D=b`,
      JSON_ACCEPT,
    );
    expect(response.status).toBe(201);
    expect((await consentRecords(workspace.id))[0]!.purposes).toEqual(["a", "b"]);
  });

  it.each(["false", "off", "0", "no", "No", ""])(
    "consent[granted]=%s is not granted: 422 consent_required on a link that requires it",
    async (word) => {
      const { workspace, token } = await formLink({ requireConsent: true });
      const response = await postUrlencoded(
        token,
        [
          ["email", uniqueEmail()],
          ["consent[granted]", word],
          ["consent[text]", "Aceito."],
        ],
        JSON_ACCEPT,
      );
      const problem = await expectProblem(response, 422, "validation_failed");
      expect(problem.errors).toEqual([expect.objectContaining({ field: "consent", code: "consent_required" })]);
      expect(await consentRecords(workspace.id)).toEqual([]);
    },
  );

  it("an unticked box (hidden text and version only) is consent_required, shown on the error page as today", async () => {
    const { workspace, token } = await formLink({ requireConsent: true });
    const fields: [string, string][] = [
      ["email", uniqueEmail()],
      ["consent[text]", "Aceito."],
      ["consent[version]", "v1"],
    ];
    const json = await expectProblem(await postUrlencoded(token, fields, JSON_ACCEPT), 422, "validation_failed");
    expect(json.errors).toEqual([expect.objectContaining({ field: "consent", code: "consent_required" })]);
    const browser = await postUrlencoded(token, fields);
    expect(browser.status).toBe(303);
    const target = redirectTarget(browser);
    expect(target.pathname).toBe("/forms/error");
    expect(target.searchParams.get("error")).toBe("validation_failed");
    expect(target.searchParams.get("fields")).toContain("consent");
    // The built-in error page names the checkbox in the visitor's words.
    expect(fieldLabel(formPageText("pt-BR"), "consent")).toBe("Consentimento (marque a caixa)");
    expect(fieldLabel(formPageText("en"), "consent.granted")).toBe("Consent (tick the box)");
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("no consent at all on a link that requires it is consent_required; on one that does not, the lead is created", async () => {
    const required = await formLink({ requireConsent: true });
    const refused = await postUrlencoded(required.token, [["email", uniqueEmail()]], JSON_ACCEPT);
    const problem = await expectProblem(refused, 422, "validation_failed");
    expect(problem.errors).toEqual([expect.objectContaining({ field: "consent", code: "consent_required" })]);

    const optional = await formLink();
    const unticked = await postUrlencoded(
      optional.token,
      [
        ["email", uniqueEmail()],
        ["consent[text]", "Aceito."],
      ],
      JSON_ACCEPT,
    );
    expect(unticked.status).toBe(201);
    // An unticked box on an optional consent is recorded as not granted.
    expect((await consentRecords(optional.workspace.id)).map((record) => record.granted)).toEqual([false]);
  });

  it("any other word is a field error on consent.granted (422, never a 500)", async () => {
    const { token } = await formLink({ requireConsent: true });
    const response = await postUrlencoded(
      token,
      [
        ["email", uniqueEmail()],
        ["consent[granted]", "maybe"],
      ],
      JSON_ACCEPT,
    );
    const problem = await expectProblem(response, 422, "validation_failed");
    expect(problem.errors.map((error: { field: string }) => error.field)).toContain("consent.granted");
  });

  it("utm_source…utm_term inputs are the lead's UTM values; empty ones are ignored", async () => {
    const { workspace, token } = await formLink();
    const response = await postUrlencoded(
      token,
      [
        ["email", uniqueEmail()],
        ["utm_source", "instagram"],
        ["utm_campaign", "bio"],
        ["utm_medium", ""],
      ],
      JSON_ACCEPT,
    );
    expect(response.status).toBe(201);
    expect((await bodyOf(response)).warnings).toEqual([]);
    const lead = await db.current.prisma.lead.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(lead).toMatchObject({ firstUtmSource: "instagram", firstUtmCampaign: "bio", firstUtmMedium: null });
  });
});

/** A local HTTP server in front of the real capture route handler, so the curl snippet runs verbatim. */
let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const token = decodeURIComponent(request.url!.split("/").at(-1)!);
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
    const answer = await route.POST(
      new Request(`http://localhost:3000${request.url}`, { method: "POST", headers, body: Buffer.concat(chunks) }),
      { params: Promise.resolve({ captureLink: token }) },
    );
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(Buffer.from(await answer.arrayBuffer()));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A link's snippets as its page shows them, with the workspace's language set by its country and owner. */
async function snippetsOf(options: { country: string; ownerLocale: string | null; requireConsent: boolean }) {
  const { workspace, owner, link, token } = await formLink({ requireConsent: options.requireConsent });
  await db.current.prisma.user.update({ where: { id: owner.id }, data: { locale: options.ownerLocale } });
  // The workspace's language as creation sets it from the owner's and the country (DESIGN.md section 13).
  const language = messageLanguage({ ownerLocale: options.ownerLocale, country: options.country });
  await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { country: options.country, language } });
  await createField(workspace.id, { name: "bairro", label: "Bairro", type: "text" });
  // The snippets follow the link's form settings: its defaults (name, email, telephone) and the custom field.
  const defaults = await getLinkForm(workspace.id, link.id);
  await setLinkForm(workspace.id, link.id, {
    ...defaults,
    fields: [...defaults.fields, { key: "customFields.bairro", label: "", required: false }],
  });
  const fields = await listFields(workspace.id);
  const form = await linkSnippetForm(workspace, link, fields);
  const snippets = linkSnippets({ url: `${base}/ingest/${token}`, form, country: options.country, honeypotField: "website" });
  return { workspace, token, form, snippets };
}

/** What a visitor reads in an HTML snippet: labels, button and the texts its script can show. */
function visibleText(html: string, language: "en" | "pt-BR"): string {
  const markup = html
    .replace(/<script>[\s\S]*?<\/script>/g, " ")
    .replace(/<!--[\s\S]*?-->/g, " ")
    .replace(/<[^>]+>/g, " ");
  const texts = messagesFor(language).snippets;
  return [markup, texts.sending, texts.success, ...Object.values(texts.errors), ...Object.values(texts.issues)].join(" ");
}

const ENGLISH_WORDS = /\b(Name|Email|Phone|Send|Choose|Sending|Thank|Please|field|form|Leave this empty|consent)\b/;

const CASES = [
  { language: "pt-BR", country: "BR", ownerLocale: null },
  { language: "en", country: "US", ownerLocale: null },
  { language: "en", country: "BR", ownerLocale: "en" },
] as const;

describe.each(CASES)(
  "the snippets of a $country workspace (owner's locale $ownerLocale)",
  ({ language, country, ownerLocale }) => {
    it(`speak ${language}`, async () => {
      const { form, snippets } = await snippetsOf({ country, ownerLocale, requireConsent: true });
      expect(form.language).toBe(language);
      const words = messagesFor(language).snippets;
      for (const html of [snippets.html, snippets.plainForm]) {
        expect(html).toContain(`lang="${language}"`);
        expect(html).toContain(`>${words.submit}</button>`);
        expect(html).toContain(words.labels.email);
        if (language === "pt-BR") {
          expect(findUntranslated(visibleText(html, "pt-BR"))).toEqual([]);
          expect(visibleText(html, "pt-BR")).not.toMatch(ENGLISH_WORDS);
        }
      }
      expect(snippets.fetch).toContain(JSON.stringify(words.sending));
      expect(snippets.fetch).toContain(JSON.stringify(words.success));
    });
  },
);

describe("every error code the capture endpoint can answer a visitor with has a message in both languages", () => {
  it.each(["en", "pt-BR"] as const)("%s", async (language) => {
    const errors = messagesFor(language).snippets.errors as Record<string, string>;
    for (const code of [
      "invalid_json",
      "body_not_object",
      "unsupported_media_type",
      "payload_too_large",
      "capture_link_not_found",
      "capture_link_revoked",
      "origin_not_allowed",
      "method_not_allowed",
      "request_timeout",
      "validation_failed",
      "idempotency_key_reused",
      "rate_limited",
      "service_unavailable",
      "invalid_form",
      "captcha_failed",
      "captcha_unavailable",
      "internal_error",
    ])
      expect(errors[code], code).toBeTruthy();
  });
});

describe.each([true, false])("a link with requireConsent %s", (requireConsent) => {
  it("has a consent checkbox in its snippets iff it requires consent", async () => {
    const { form, snippets } = await snippetsOf({ country: "BR", ownerLocale: null, requireConsent });
    expect(form.consent !== null).toBe(requireConsent);
    expect(snippets.html.includes('name="consent.granted" type="checkbox" required')).toBe(requireConsent);
    expect(snippets.plainForm.includes('name="consent[granted]" type="checkbox" required')).toBe(requireConsent);
    expect(snippets.plainForm.includes('name="consent[text]"')).toBe(requireConsent);
    expect(snippets.curl.includes('"consent"')).toBe(requireConsent);
    // Never a top-level key with a dot in it.
    expect(snippets.fetch).not.toContain('lead["consent.granted"]');
    // Hidden UTM inputs, empty, in both HTML forms; the no-JavaScript one says who fills them.
    for (const html of [snippets.html, snippets.plainForm]) {
      for (const param of ["utm_source", "utm_medium", "utm_campaign", "utm_content", "utm_term"])
        expect(html).toContain(`<input type="hidden" name="${param}">`);
    }
    expect(snippets.plainForm).toMatch(/no script reads this page's address, so write them in yourself/);
  });

  it("the curl snippet, run verbatim by a shell, answers 201 and records the consent", async () => {
    const { workspace, snippets } = await snippetsOf({ country: "BR", ownerLocale: null, requireConsent });
    const { stdout } = await promisify(execFile)("sh", ["-c", `${snippets.curl} -s -w '\\n%{http_code}'`]);
    const [body, status] = [stdout.slice(0, stdout.lastIndexOf("\n")), stdout.slice(stdout.lastIndexOf("\n") + 1)];
    expect(status, body).toBe("201");
    expect(JSON.parse(body).created).toBe(true);
    const records = await consentRecords(workspace.id);
    if (requireConsent) {
      expect(records).toEqual([
        expect.objectContaining({
          granted: true,
          // The default form's consent version (lib/links/get-link-form.ts).
          version: "1",
          text: expect.stringContaining("Forms"),
          purposes: ["contato"],
        }),
      ]);
    } else expect(records).toEqual([]);
  });
});

/** The inputs of an HTML snippet as the DOM would give them to its script. */
function elementsOf(html: string) {
  return [...html.matchAll(/<(input|select|button)\b([^>]*)>/g)].map((match) => {
    const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(match[2]!)?.[1];
    const type = match[1] === "button" ? "submit" : (attribute("type") ?? "text");
    return {
      name: attribute("name") ?? "",
      type,
      value: (attribute("value") ?? "").replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code))),
      checked: false,
      disabled: false,
    };
  });
}

describe("the HTML form snippet's script", () => {
  it.each([true, false])(
    "sends the nested consent object and the page's UTM values: posted, 201 (requireConsent %s)",
    async (requireConsent) => {
      const { workspace, token, snippets } = await snippetsOf({ country: "BR", ownerLocale: null, requireConsent });
      const elements = elementsOf(snippets.html);
      const set = (name: string, change: Partial<(typeof elements)[number]>) =>
        Object.assign(elements.find((element) => element.name === name)!, change);
      const email = uniqueEmail();
      set("name", { value: "Ana" });
      set("email", { value: email });
      set("customFields.bairro", { value: "Boa Viagem" });
      if (requireConsent) set("consent.granted", { checked: true });
      const namedElements = Object.assign([...elements], Object.fromEntries(elements.map((element) => [element.name, element])));

      const sent: string[] = [];
      const listeners: Record<string, (event: unknown) => Promise<void>> = {};
      const result = { textContent: "" };
      const form = {
        dataset: {} as Record<string, string>,
        elements: namedElements,
        addEventListener: (type: string, listener: (event: unknown) => Promise<void>) => (listeners[type] = listener),
        querySelector: (selector: string) => (selector === "[data-leadlink-result]" ? result : null),
        reset: () => undefined,
      };
      const context = vm.createContext({
        window: { location: { search: "?utm_source=instagram&utm_campaign=bio" } },
        URLSearchParams,
        console,
        document: { readyState: "complete", forms: [form], getElementById: () => form },
        fetch: async (_url: string, init: { body: string }) => {
          sent.push(init.body);
          return raw(token, { body: init.body, headers: { "content-type": "text/plain;charset=UTF-8" } });
        },
      });
      vm.runInContext(/<script>([\s\S]*)<\/script>/.exec(snippets.html)![1]!, context);
      // The hidden UTM inputs were filled from the page's address when the script connected.
      expect(set("utm_source", {}).value).toBe("instagram");
      await listeners.submit!({ preventDefault: () => undefined, currentTarget: form });

      const lead = JSON.parse(sent[0]!);
      expect(Object.keys(lead).filter((key) => key.includes("."))).toEqual([]);
      expect(lead.utmSource).toBe("instagram");
      if (requireConsent) {
        expect(lead.consent).toMatchObject({ granted: true, version: "1", purposes: ["contato"] });
      } else expect(lead.consent).toBeUndefined();
      expect(result.textContent).toBe(messagesFor("pt-BR").snippets.success);
      const stored = await db.current.prisma.lead.findFirstOrThrow({ where: { workspaceId: workspace.id } });
      expect(stored).toMatchObject({ email, firstUtmSource: "instagram", firstUtmCampaign: "bio" });
      expect((await consentRecords(workspace.id)).length).toBe(requireConsent ? 1 : 0);
    },
  );

  it("shows a refusal in the form's language, field by field (no consent ticked: consent_required)", async () => {
    const { token, snippets } = await snippetsOf({ country: "BR", ownerLocale: null, requireConsent: true });
    const elements = elementsOf(snippets.html);
    elements.find((element) => element.name === "email")!.value = uniqueEmail();
    const result = { textContent: "" };
    const listeners: Record<string, (event: unknown) => Promise<void>> = {};
    const form = {
      dataset: {} as Record<string, string>,
      elements,
      addEventListener: (type: string, listener: (event: unknown) => Promise<void>) => (listeners[type] = listener),
      querySelector: (selector: string) => (selector === "[data-leadlink-result]" ? result : null),
      reset: () => undefined,
    };
    const context = vm.createContext({
      window: { location: { search: "" } },
      URLSearchParams,
      console,
      document: { readyState: "complete", forms: [form], getElementById: () => form },
      fetch: (_url: string, init: { body: string }) =>
        raw(token, { body: init.body, headers: { "content-type": "text/plain;charset=UTF-8" } }),
    });
    vm.runInContext(snippets.fetch, context);
    await listeners.submit!({ preventDefault: () => undefined, currentTarget: form });
    const words = messagesFor("pt-BR").snippets;
    expect(result.textContent).toBe(
      `${words.errors.validation_failed}\n${words.labels.consent}: ${words.issues.consent_required}`,
    );
  });
});
