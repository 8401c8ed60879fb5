// DESIGN.md section 12: a capture link's form settings document, its defaults, and setting it through the
// domain, the CLI and the API (every invalid part named in one 422, workspace-scoped, audited).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "@/lib/api-keys/create-api-key";
import { listAuditEntries } from "@/lib/audit/list-audit";
import { CLI_ACTOR } from "@/lib/audit/record";
import { archiveField } from "@/lib/fields/archive-field";
import { createField } from "@/lib/fields/create-field";
import { createLink } from "@/lib/links/create-link";
import { getLinkForm } from "@/lib/links/get-link-form";
import { revokeLink } from "@/lib/links/revoke-link";
import { setLinkForm } from "@/lib/links/set-link-form";
import { api, apiJson } from "../support/api-client";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { expectProblem } from "../support/ingest-helpers";
import { errorCode, fieldErrors, newTenant } from "../support/tenants";

const database = useTestDatabase();

let dir = "";
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "leadlink-form-"));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function jsonFile(name: string, value: unknown): Promise<string> {
  const file = path.join(dir, name);
  await writeFile(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}

/** A workspace in `country` whose owner has no admin language (so the country decides), with a link. */
async function tenant(name: string, country: string, link: { requireConsent?: boolean } = {}) {
  const { workspace, owner } = await newTenant(name);
  // As creation makes it for that country: another country's workspace speaks English (DESIGN.md section 13).
  await database.current.prisma.workspace.update({
    where: { id: workspace.id },
    data: { country, ...(country !== "BR" && { language: "en" }) },
  });
  const created = await createLink(workspace.id, { name: `${name} page`, ...link });
  return { workspace: { ...workspace, country }, owner, link: created };
}

/** A valid document with every key, in Portuguese, asking for a custom field. */
function fullForm(overrides: Record<string, unknown> = {}) {
  return {
    language: "pt-BR",
    title: "Bolos da Ana",
    description: "Encomende o seu bolo.",
    fields: [
      { key: "name", label: "Seu nome", help: "", required: true },
      { key: "telephone", label: "WhatsApp", help: "Com DDD", required: true },
      { key: "address.neighborhood", label: "", help: "", required: false },
      { key: "customFields.flavour", required: false },
    ],
    consent: { text: "Aceito receber contato.", version: "2026-11", purposes: ["contato"], required: true },
    submitLabel: "Quero meu bolo",
    successMessage: "Recebemos seu pedido!",
    successUrl: "https://bolosdaana.com.br/obrigado",
    theme: { color: "#C2185B", logoUrl: "https://bolosdaana.com.br/logo.png" },
    ...overrides,
  };
}

describe("form settings defaults", () => {
  it("a Brazilian workspace's link: Portuguese labels, email required, no consent when the link asks none", async () => {
    const a = await tenant("Padaria", "BR");
    const form = await getLinkForm(a.workspace.id, a.link.id);
    expect(form).toEqual({
      language: "pt-BR",
      title: "Padaria",
      description: "",
      fields: [
        { key: "name", label: "Nome", help: "", required: false },
        { key: "email", label: "E-mail", help: "", required: true },
        { key: "telephone", label: "Telefone", help: "", required: false },
      ],
      consent: null,
      submitLabel: "Enviar",
      successMessage: "Obrigado! Entraremos em contato em breve.",
      successUrl: null,
      theme: { color: "#1d4ed8", logoUrl: null },
    });
  });

  it("another country's workspace is in English; the workspace's language setting wins over the country", async () => {
    const us = await tenant("Bakery", "US");
    expect((await getLinkForm(us.workspace.id, us.link.id)).fields.map((field) => field.label)).toEqual([
      "Name",
      "Email",
      "Phone",
    ]);
    const br = await tenant("Bakery-BR", "BR");
    await database.current.prisma.workspace.update({ where: { id: br.workspace.id }, data: { language: "en" } });
    const form = await getLinkForm(br.workspace.id, br.link.id);
    expect(form.language).toBe("en");
    expect(form.submitLabel).toBe("Send");
  });

  it("a link that requires consent gets a required consent in the form's language, naming the workspace", async () => {
    const a = await tenant("Doceria", "BR", { requireConsent: true });
    const form = await getLinkForm(a.workspace.id, a.link.id);
    expect(form.consent).toEqual({
      text: "Concordo que Doceria guarde meus dados para entrar em contato sobre a minha solicitação.",
      version: "1",
      purposes: ["contato"],
      required: true,
    });
  });

  it("empty labels take the language's words, custom fields their own label; Spanish has its words", async () => {
    const a = await tenant("Pasteles", "AR");
    await createField(a.workspace.id, { name: "flavour", label: "Sabor favorito" });
    const stored = await setLinkForm(a.workspace.id, a.link.id, {
      ...fullForm({ language: "es", submitLabel: "", successMessage: "" }),
      consent: null,
    });
    expect(stored.fields.map((field) => field.label)).toEqual(["Seu nome", "WhatsApp", "Barrio", "Sabor favorito"]);
    expect(stored.submitLabel).toBe("Enviar");
    expect(stored.successMessage).toBe("¡Gracias! Nos pondremos en contacto pronto.");
    expect(await getLinkForm(a.workspace.id, a.link.id)).toEqual(stored);
  });
});

describe("setting the form", () => {
  it("round trip through the domain: stored as normalised, shown as stored, audited once", async () => {
    const a = await tenant("Ana", "BR");
    await createField(a.workspace.id, { name: "flavour", label: "Sabor" });
    const stored = await setLinkForm(a.workspace.id, a.link.id, fullForm(), CLI_ACTOR);
    expect(stored.theme).toEqual({ color: "#c2185b", logoUrl: "https://bolosdaana.com.br/logo.png" });
    expect(stored.fields[2]).toEqual({ key: "address.neighborhood", label: "Bairro", help: "", required: false });
    expect(stored.fields[3]).toEqual({ key: "customFields.flavour", label: "Sabor", help: "", required: false });
    const shown = await getLinkForm(a.workspace.id, a.link.id);
    expect(shown).toEqual(stored);
    expect(Object.keys(shown)).toEqual(Object.keys(fullForm()));

    // Saving the same document again records nothing more.
    await setLinkForm(a.workspace.id, a.link.id, fullForm(), CLI_ACTOR);
    const entries = (await listAuditEntries(a.workspace.id)).filter((entry) => entry.action === "link.updated");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actor: { kind: "cli" },
      target: { type: "capture_link", id: a.link.id },
      // The form's consent is required: the link now refuses leads without consent (its one source of truth).
      details: { name: "Ana page", changes: [{ field: "form" }, { field: "requireConsent", from: false, to: true }] },
    });
    const link = await database.current.prisma.captureLink.findUniqueOrThrow({ where: { id: a.link.id } });
    expect(link.requireConsent).toBe(true);
  });

  it("names every invalid part by its JSON path in one error", async () => {
    const a = await tenant("Invalid", "BR");
    const errors = await fieldErrors(
      setLinkForm(a.workspace.id, a.link.id, {
        language: "fr",
        title: "",
        // jsonb cannot store NUL: refused as a field error, never a 500.
        description: "Bolos\u0000",
        fields: [
          { key: "email", label: "Email", required: true },
          { key: "phone", label: "Phone", required: "yes" },
          { key: "email", label: "Again", required: false },
          { key: "address.planet", required: false },
        ],
        consent: { text: "Ok", version: "1", purposes: "contact", required: true },
        successUrl: "javascript:alert(1)",
        theme: { color: "red", logoUrl: "http://example.com/logo.png" },
      }),
    );
    expect(errors).toEqual({
      language: "invalid_value",
      title: "required",
      description: "invalid_characters",
      "fields[1].key": "unknown_field",
      "fields[1].required": "invalid_type",
      "fields[3].key": "unknown_field",
      "consent.purposes": "invalid_type",
      successUrl: "invalid_redirect_url",
      "theme.color": "invalid_color",
      "theme.logoUrl": "invalid_url",
    });
    // The checks across fields run once each field is valid.
    expect(
      await fieldErrors(
        setLinkForm(a.workspace.id, a.link.id, {
          ...fullForm({ consent: null }),
          fields: [
            { key: "name", label: "Nome", required: true },
            { key: "name", label: "Nome", required: true },
          ],
        }),
      ),
    ).toEqual({ "fields[1].key": "duplicate_field", fields: "identity_field_missing" });
    // Nothing was stored: the link still has its defaults.
    expect((await getLinkForm(a.workspace.id, a.link.id)).title).toBe("Invalid");
  });

  it("refuses a custom field that does not exist or is archived, and no consent on a link that requires it", async () => {
    const a = await tenant("Fields", "BR", { requireConsent: true });
    const archived = await createField(a.workspace.id, { name: "old", label: "Old" });
    await archiveField(a.workspace.id, archived.id);
    const other = await tenant("Other", "BR");
    await createField(other.workspace.id, { name: "budget", label: "Budget" });
    const errors = await fieldErrors(
      setLinkForm(a.workspace.id, a.link.id, {
        ...fullForm({ consent: null }),
        fields: [
          { key: "email", label: "E-mail", required: true },
          { key: "customFields.budget", required: false },
          { key: "customFields.old", required: false },
        ],
      }),
    );
    expect(errors).toEqual({
      "fields[1].key": "unknown_custom_field",
      "fields[2].key": "archived_custom_field",
      consent: "consent_required",
    });
  });

  it("is workspace-scoped and refuses a revoked link", async () => {
    const a = await tenant("Mine", "BR");
    const b = await tenant("Theirs", "BR");
    expect(await errorCode(getLinkForm(b.workspace.id, a.link.id))).toBe("capture_link_not_found");
    expect(await errorCode(setLinkForm(b.workspace.id, a.link.id, fullForm({ fields: [] })))).toBe("capture_link_not_found");
    expect(await errorCode(getLinkForm(a.workspace.id, "not-a-uuid"))).toBe("capture_link_not_found");
    await revokeLink(a.workspace.id, a.link.id);
    const form = { ...fullForm({ consent: null }), fields: [{ key: "email", required: true }] };
    expect(await errorCode(setLinkForm(a.workspace.id, a.link.id, form))).toBe("capture_link_revoked");
  });
});

describe("link form show | set (CLI)", () => {
  it("shows the defaults, sets from a file and shows what was stored", async () => {
    const a = await tenant("Cli", "BR");
    await createField(a.workspace.id, { name: "flavour", label: "Sabor" });
    const shown = await runJson("link", "form", "show", "--workspace", a.workspace.slug, "--id", a.link.id);
    expect(shown.code).toBe(0);
    expect(shown.body).toEqual(await getLinkForm(a.workspace.id, a.link.id));
    const file = await jsonFile("cli.json", fullForm());
    const set = await runJson("link", "form", "set", "--workspace", a.workspace.slug, "--id", a.link.id, "--file", file);
    expect(set.code).toBe(0);
    expect(set.body.title).toBe("Bolos da Ana");
    const again = await runJson("link", "form", "show", "--workspace", a.workspace.slug, "--id", a.link.id);
    expect(again.body).toEqual(set.body);
    const entries = (await listAuditEntries(a.workspace.id)).filter((entry) => entry.action === "link.updated");
    expect(entries.map((entry) => entry.actor.kind)).toEqual(["cli"]);
  });

  it("an invalid file exits 1 with every invalid part; bad JSON and another workspace's link are errors too", async () => {
    const a = await tenant("CliBad", "BR");
    const b = await tenant("CliOther", "BR");
    const file = await jsonFile("bad.json", fullForm({ theme: { color: "blue" }, successUrl: "ftp://x", fields: [] }));
    const bad = await runJson("link", "form", "set", "--workspace", a.workspace.slug, "--id", a.link.id, "--file", file);
    expect(bad.code).toBe(1);
    expect(bad.body.error.code).toBe("validation_failed");
    expect(bad.body.error.errors.map((issue: { field: string }) => issue.field).sort()).toEqual([
      "fields",
      "successUrl",
      "theme.color",
    ]);
    const notJson = await jsonFile("not.json", "{ language: pt-BR");
    const parse = await runJson("link", "form", "set", "--workspace", a.workspace.slug, "--id", a.link.id, "--file", notJson);
    expect([parse.code, parse.body.error.code]).toEqual([1, "invalid_json"]);
    const missing = await runJson(
      "link",
      "form",
      "set",
      "--workspace",
      a.workspace.slug,
      "--id",
      a.link.id,
      "--file",
      path.join(dir, "none.json"),
    );
    expect([missing.code, missing.body.error.code]).toEqual([1, "usage_error"]);
    const good = await jsonFile("good.json", { ...fullForm({ consent: null }), fields: [{ key: "email", required: true }] });
    for (const verb of ["show", "set"]) {
      const args = verb === "set" ? ["--file", good] : [];
      const other = await runJson("link", "form", verb, "--workspace", b.workspace.slug, "--id", a.link.id, ...args);
      expect([other.code, other.body.error.code]).toEqual([1, "capture_link_not_found"]);
    }
  });
});

describe("GET/PUT /api/v1/links/{id}/form", () => {
  it("reads with a read key, writes with a write key, and answers 422 listing every invalid part", async () => {
    const a = await tenant("Api", "BR");
    await createField(a.workspace.id, { name: "flavour", label: "Sabor" });
    const read = (await createApiKey(a.workspace.id, { name: "Reader", scope: "read" })).token;
    const write = (await createApiKey(a.workspace.id, { name: "Writer", scope: "write" })).token;
    const url = `/api/v1/links/${a.link.id}/form`;

    const shown = await apiJson(url, { key: read });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(await getLinkForm(a.workspace.id, a.link.id));

    await expectProblem(await api(url, { key: read, method: "PUT", body: fullForm() }), 403, "forbidden");

    const put = await apiJson(url, { key: write, method: "PUT", body: fullForm() });
    expect(put.status).toBe(200);
    expect(put.body.theme.color).toBe("#c2185b");
    expect((await apiJson(url, { key: read })).body).toEqual(put.body);
    const [entry] = (await listAuditEntries(a.workspace.id)).filter((item) => item.action === "link.updated");
    expect(entry).toMatchObject({ actor: { kind: "api_key", keyName: "Writer" }, target: { id: a.link.id } });

    const problem = await expectProblem(
      await api(url, {
        key: write,
        method: "PUT",
        body: fullForm({
          fields: [
            { key: "email", required: true },
            { key: "customFields.nope", required: false },
            { key: "telephone", label: "x".repeat(201), required: false },
          ],
          theme: { color: "#12345", logoUrl: null },
        }),
      }),
      422,
      "validation_failed",
    );
    expect(Object.fromEntries(problem.errors.map((issue: { field: string; code: string }) => [issue.field, issue.code]))).toEqual(
      {
        "fields[1].key": "unknown_custom_field",
        "fields[2].label": "too_long",
        "theme.color": "invalid_color",
      },
    );
    await expectProblem(await api(url, { key: write, method: "PUT", body: "[1, 2" }), 400, "invalid_json");
    await expectProblem(await api(url, { key: write, method: "POST", body: fullForm() }), 405, "method_not_allowed");
  });

  it("another workspace's link is 404 to both verbs", async () => {
    const a = await tenant("ApiMine", "BR");
    const b = await tenant("ApiTheirs", "BR");
    const key = (await createApiKey(b.workspace.id, { name: "Other", scope: "write" })).token;
    const url = `/api/v1/links/${a.link.id}/form`;
    await expectProblem(await api(url, { key }), 404, "capture_link_not_found");
    await expectProblem(await api(url, { key, method: "PUT", body: fullForm() }), 404, "capture_link_not_found");
    await expectProblem(await api("/api/v1/links/not-a-uuid/form", { key }), 404, "capture_link_not_found");
  });
});
