// Issue 24 (item C): a custom field's key with an accent ("funcionários") is refused saying why and what is
// allowed, in the viewer's language, next to the key's input.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { createFieldAction } from "@/app/(admin)/w/[slug]/fields/actions";
import { useTestDatabase } from "../support/database";
import { callAction } from "../support/server-action";
import { newTenant } from "../support/tenants";

useTestDatabase();

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
}

describe("a refused field key", () => {
  it("says letters without accents, digits and _ are allowed, in Portuguese and English", async () => {
    const { owner, workspace } = await newTenant("Keys");
    const create = (acceptLanguage: string) =>
      callAction(
        owner,
        () => createFieldAction(workspace.slug, {}, form({ name: "funcionários", label: "Funcionários", type: "number" })),
        { acceptLanguage },
      );
    expect(await create("pt-BR,pt;q=0.9")).toMatchObject({
      ok: false,
      fieldErrors: { name: expect.stringContaining("letras sem acento (a–z), dígitos e _") },
    });
    expect(await create("en-US,en;q=0.9")).toMatchObject({
      ok: false,
      fieldErrors: { name: expect.stringMatching(/letters without accents \(a.z.*\), digits and _/) },
    });
    const accepted = await callAction(owner, () =>
      createFieldAction(workspace.slug, {}, form({ name: "funcionarios", label: "Funcionários", type: "number" })),
    );
    expect(accepted).toMatchObject({ ok: true });
  });
});
