// Issue 14: the domain's validation messages and error codes reach an admin form in the user's language;
// the domain (and so the command line and the API) keeps its English.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { changePasswordAction } from "@/app/(admin)/account/actions";
import { createFieldAction } from "@/app/(admin)/w/[slug]/fields/actions";
import { GET as exportLeadsRoute } from "@/app/(admin)/w/[slug]/leads/export/route";
import { createLinkAction } from "@/app/(admin)/w/[slug]/links/actions";
import { createWorkspaceAction } from "@/app/(admin)/workspaces/new/actions";
import { isAppError } from "@/lib/errors";
import { createLink } from "@/lib/links/create-link";
import { useTestDatabase } from "../support/database";
import { callAction } from "../support/server-action";
import { newTenant } from "../support/tenants";

useTestDatabase();

const PORTUGUESE = { acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.8" };
const ENGLISH = { acceptLanguage: "en-US,en;q=0.9" };

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe("an admin form's errors", () => {
  it("are Portuguese in a Portuguese browser: zod's checks with their limits, and the domain's own codes", async () => {
    const { owner, workspace } = await newTenant("Idiomas");
    const link = await callAction(
      owner,
      () => createLinkAction(workspace.slug, {}, form({ name: "x".repeat(101), allowedOrigins: "nem uma origem" })),
      PORTUGUESE,
    );
    expect(link).toMatchObject({
      ok: false,
      code: "validation_failed",
      message: "Confira os campos destacados.",
      fieldErrors: {
        name: "deve ter no máximo 100 caracteres",
        allowedOrigins: "devem ser origens como https://www.example.com (esquema://host[:porta])",
      },
    });

    const empty = await callAction(owner, () => createLinkAction(workspace.slug, {}, form({ name: " " })), PORTUGUESE);
    expect(empty).toMatchObject({ fieldErrors: { name: "é obrigatório" } });

    await callAction(owner, () => createFieldAction(workspace.slug, {}, form({ name: "porte", label: "Porte", type: "text" })));
    const taken = await callAction(
      owner,
      () => createFieldAction(workspace.slug, {}, form({ name: "porte", label: "Outro", type: "text" })),
      PORTUGUESE,
    );
    expect(taken).toMatchObject({ ok: false, fieldErrors: { name: "já é usado por outro campo (ou foi o rótulo dele)" } });

    const slug = await callAction(
      owner,
      () => createWorkspaceAction({}, form({ name: "Outro", slug: workspace.slug })),
      PORTUGUESE,
    );
    expect(slug).toMatchObject({ ok: false, fieldErrors: { slug: "já é usado por outro espaço de trabalho" } });

    const password = await callAction(
      owner,
      () =>
        changePasswordAction({}, form({ currentPassword: "errada!!", newPassword: "nova senha longa", repeatPassword: "outra" })),
      PORTUGUESE,
    );
    expect(password).toMatchObject({ ok: false, fieldErrors: { repeatPassword: "não é igual à nova senha" } });

    const signedOut = await callAction(null, () => createWorkspaceAction({}, form({ name: "Sem sessão" })), PORTUGUESE);
    expect(signedOut).toMatchObject({ ok: false, code: "unauthorized", message: "Sua sessão terminou. Entre de novo." });
  });

  it("stay the domain's English in an English browser, and in the domain itself", async () => {
    const { owner, workspace } = await newTenant("English");
    const state = await callAction(owner, () => createLinkAction(workspace.slug, {}, form({ name: "" })), ENGLISH);
    expect(state).toMatchObject({ message: "Check the highlighted fields.", fieldErrors: { name: "is required" } });

    const error = await createLink(workspace.id, { name: "x".repeat(101) }).catch((caught: unknown) => caught);
    expect(isAppError(error) && error.errors).toEqual([
      { field: "name", code: "too_big", message: "must be at most 100 characters" },
    ]);
  });

  it("of a download (the CSV export) are Portuguese too, with the contract's code, field and status", async () => {
    const { owner, workspace } = await newTenant("Planilha");
    const exportWith = (query: string, browser: { acceptLanguage: string }) =>
      callAction(
        owner,
        () =>
          exportLeadsRoute(new Request(`http://localhost:3000/w/${workspace.slug}/leads/export?${query}`), {
            params: Promise.resolve({ slug: workspace.slug }),
          }),
        browser,
      );
    const portuguese = await exportWith("from=2026-03-01&to=2026-02-01", PORTUGUESE);
    expect(portuguese.status).toBe(422);
    expect(portuguese.headers.get("content-type")).toContain("application/problem+json");
    const problem = (await portuguese.json()) as { code: string; detail: string; errors: { field: string; message: string }[] };
    expect(problem.code).toBe("validation_failed");
    expect(problem.errors.map((issue) => issue.field)).toEqual(["to"]);
    expect(problem.detail).toBe("Alguns valores são inválidos: não pode ser anterior à data inicial.");
    expect(problem.errors).toEqual([{ field: "to", code: "date_range", message: "não pode ser anterior à data inicial" }]);

    const english = (await (await exportWith("from=2026-03-01&to=2026-02-01", ENGLISH)).json()) as typeof problem;
    expect(english).toMatchObject({ code: "validation_failed", errors: [{ field: "to" }] });
    expect(english.errors[0]?.message).toMatch(/^[a-z ]+/);
    expect(english.detail).not.toMatch(/inválid/);
  });
});
