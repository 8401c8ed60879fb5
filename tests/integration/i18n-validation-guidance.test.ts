// DESIGN.md section 13: Portuguese validation messages keep the guidance of the English ones: the date
// format (AAAA-MM-DD), the allowed options, true/false. Through a real route handler (the export's bad filter,
// answered as problem+json in the viewer's language) and the words a link's request log gives ingest's issues.

import "../support/server-action";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/(admin)/w/[slug]/leads/export/route";
import { coerceFieldValue } from "@/lib/fields/coerce-field-value";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";
import { messagesFor } from "@/lib/i18n/messages";
import { type Translator, translateIssue } from "@/lib/i18n/word-field-issue";
import { useTestDatabase } from "../support/database";
import { callAction } from "../support/server-action";
import { newTenant } from "../support/tenants";

useTestDatabase();

async function problem(query: string, acceptLanguage: string) {
  const { owner, workspace } = await newTenant("Guidance");
  const response = await callAction(
    owner,
    () =>
      exportRoute(new Request(`http://localhost:3000/w/${workspace.slug}/leads/export?format=xlsx&${query}`), {
        params: Promise.resolve({ slug: workspace.slug }),
      }),
    { acceptLanguage },
  );
  expect(response.status).toBe(422);
  return (await response.json()) as { code: string; errors: { field: string; message: string }[] };
}

describe("Portuguese validation messages", () => {
  it("name the date format and the allowed options, as the English ones do", async () => {
    const pt = await problem("from=ontem&status=aberto", "pt-BR,pt;q=0.9");
    expect(pt.code).toBe("validation_failed");
    const byField = Object.fromEntries(pt.errors.map((error) => [error.field, error.message]));
    expect(byField.from).toContain("AAAA-MM-DD");
    expect(byField.status).toBe("deve ser uma destas opções: new, contacted, qualified, won, lost");
    const en = await problem("from=ontem&status=aberto", "en-US,en;q=0.9");
    const english = Object.fromEntries(en.errors.map((error) => [error.field, error.message]));
    expect(english.from).toContain("YYYY-MM-DD");
    expect(english.status).toContain("new, contacted, qualified, won, lost");
  });

  it("word a custom field's issues with their guidance in a link's request log", () => {
    const t = createTranslator({
      locale: "pt-BR",
      messages: messagesFor("pt-BR"),
      namespace: "formErrors",
    }) as unknown as Translator;
    const base = { id: "f", name: "f", label: "F", labelKey: "f", aliasKeys: [], archived: false };
    const issue = (field: CustomFieldDefinition, value: unknown) => {
      const result = coerceFieldValue(field, value);
      if (result.ok) throw new Error("expected an issue");
      return translateIssue(t, { field: "customFields.f", code: result.code, message: result.message }, undefined);
    };
    expect(issue({ ...base, type: "date" }, "18/12/2026")).toBe("deve ser uma data válida no formato AAAA-MM-DD");
    expect(issue({ ...base, type: "date" }, 5)).toBe("deve ser uma data no formato AAAA-MM-DD");
    expect(issue({ ...base, type: "boolean" }, "talvez")).toBe("deve ser true ou false (verdadeiro ou falso)");
    expect(issue({ ...base, type: "select", options: ["Básico", "Premium"] }, "Ouro")).toBe(
      'deve ser uma destas opções: "Básico", "Premium"',
    );
    expect(issue({ ...base, type: "number" }, true)).toBe("deve ser um número");
  });
});
