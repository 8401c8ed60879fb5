import { execFileSync } from "node:child_process";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { linkSnippets } from "@/lib/capture/snippets/link-snippets";
import { snippetForm } from "@/lib/capture/snippets/snippet-form";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";

const URL = "https://leads.example.com/ingest/cl_0123456789ABCDEFGHIJKL";

function field(overrides: Partial<CustomFieldDefinition> & Pick<CustomFieldDefinition, "name" | "label">): CustomFieldDefinition {
  return {
    id: crypto.randomUUID(),
    labelKey: overrides.label.toLowerCase(),
    aliasKeys: [],
    archived: false,
    type: "text",
    ...overrides,
  } as CustomFieldDefinition;
}

const FIELDS: CustomFieldDefinition[] = [
  field({ name: "company", label: "Company <b>&</b> co" }),
  field({ name: "budget", label: "Budget", type: "number" }),
  field({ name: "start", label: "Start", type: "date" }),
  field({ name: "newsletter", label: "Newsletter", type: "boolean" }),
  { ...field({ name: "plan", label: "Plan" }), type: "select", options: ["It's <Pro>", "Basic"] },
  field({ name: "old", label: "Old", archived: true }),
];

describe("linkSnippets", () => {
  const snippets = linkSnippets({
    url: URL,
    form: snippetForm({ language: "en", workspaceName: "Acme", requireConsent: false, fields: FIELDS }),
    honeypotField: "website",
    country: "US",
  });

  it("curl sends the link's URL and a JSON body with every active field, quoted safely for the shell", () => {
    // The shell itself reads the command: the body it would send is the JSON we meant.
    const body = execFileSync("sh", ["-c", `printf '%s' ${snippets.curl.split(" -d ")[1]}`], { encoding: "utf8" });
    const lead = JSON.parse(body) as { telephone: string; customFields: Record<string, unknown> };
    expect(lead.customFields).toEqual({
      company: "Example Company <b>&</b> co",
      budget: 42,
      start: "2026-01-15",
      newsletter: true,
      plan: "It's <Pro>",
    });
    expect(lead.telephone).toBe("2015550123");
    expect(snippets.curl).toContain(`curl -X POST '${URL}'`);
    expect(snippets.curl).not.toContain('"old"');
  });

  it("fetch sends nothing when the page loads: it hooks the form's submit and posts the form's values, custom fields by name", async () => {
    expect(() => new vm.Script(snippets.fetch)).not.toThrow();
    expect(snippets.fetch).toContain(`const ENDPOINT = ${JSON.stringify(URL)}`);
    expect(snippets.fetch).toContain('const CUSTOM_FIELDS = ["company","budget","start","newsletter","plan"]');
    expect(snippets.fetch).not.toContain('"old"');

    const posts: { url: string; body: unknown }[] = [];
    const listeners: Record<string, (event: unknown) => Promise<void>> = {};
    const input = (name: string, value: string, type = "text", checked = false) => ({
      name,
      value,
      type,
      checked,
      disabled: false,
    });
    const form = {
      dataset: {} as Record<string, string>,
      elements: [
        input("name", "Ana"),
        input("email", "ana@example.com", "email"),
        input("company", "Acme"),
        input("customFields[plan]", "Basic"),
        input("address.city", "Recife"),
        input("newsletter", "on", "checkbox", true),
        input("website", ""),
        input("", "", "submit"),
      ],
      addEventListener: (type: string, listener: (event: unknown) => Promise<void>) => (listeners[type] = listener),
      querySelector: (selector: string) => (selector === "[data-leadlink-result]" ? { textContent: "" } : null),
      reset: () => undefined,
    };
    const context = vm.createContext({
      window: { location: { search: "?utm_source=news&utm_campaign=spring" } },
      URLSearchParams,
      console,
      document: { readyState: "complete", forms: [form], getElementById: (id: string) => (id === "leadlink-form" ? form : null) },
      fetch: async (url: string, init: { body: string }) => {
        posts.push({ url, body: JSON.parse(init.body) });
        return { ok: true, status: 201, json: async () => ({ leadId: "x", created: true, warnings: [] }) };
      },
    });
    // Three page loads: nothing is posted.
    for (let load = 0; load < 3; load++) vm.runInContext(snippets.fetch, context);
    expect(posts).toEqual([]);
    expect(form.dataset.leadlink).toBe("connected");

    await listeners.submit!({ preventDefault: () => undefined, currentTarget: form });
    expect(posts).toEqual([
      {
        url: URL,
        body: {
          name: "Ana",
          email: "ana@example.com",
          website: "",
          customFields: { company: "Acme", plan: "Basic", newsletter: true },
          address: { city: "Recife" },
          utmSource: "news",
          utmCampaign: "spring",
        },
      },
    ]);
  });

  it("the HTML form escapes labels and options, has an input per active field and the hidden honeypot", () => {
    const html = snippets.html;
    expect(html).toContain("Company &#60;b&#62;&#38;&#60;/b&#62; co");
    expect(html).not.toContain("<b>");
    expect(html).toContain("<option>It&#39;s &#60;Pro&#62;</option>");
    expect(html).toContain('name="customFields.budget" type="number"');
    expect(html).toContain('name="customFields.start" type="date"');
    expect(html).toContain('name="customFields.newsletter" type="checkbox"');
    expect(html).toContain('<input name="website" tabindex="-1" autocomplete="off">');
    expect(html).not.toContain("customFields.old");
    expect(html).toContain(`const ENDPOINT = ${JSON.stringify(URL)}`);
    const script = /<script>([\s\S]*)<\/script>/.exec(html)![1]!;
    expect(() => new vm.Script(script)).not.toThrow();
    // Sender-controlled answers are shown as text, never as markup.
    expect(script).not.toContain("innerHTML");
  });

  it("without custom fields or honeypot, the snippets still send a complete lead", () => {
    const plain = linkSnippets({
      url: URL,
      form: snippetForm({ language: "en", workspaceName: "Acme", requireConsent: false, fields: [] }),
    });
    expect(plain.curl).not.toContain("customFields");
    expect(plain.fetch).toContain("const CUSTOM_FIELDS = []");
    expect(plain.html).not.toContain("tabindex");
    expect(plain.curl).toContain('"telephone": "11961234567"');
  });
});
