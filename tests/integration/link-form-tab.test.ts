// Issue 26 part 2 (DESIGN.md section 12): the admin's Form tab saves the whole form settings document through
// its real server action (audited, every invalid part beside its control in the admin's language, owners and
// admins only, scoped to the caller's workspace); the link page's QR code routes; the snippets and the capture
// endpoint following the stored document.
import "../support/server-action";
import { describe, expect, it } from "vitest";
import { GET as qrPng } from "@/app/(admin)/w/[slug]/links/[id]/qr.png/route";
import { GET as qrSvg } from "@/app/(admin)/w/[slug]/links/[id]/qr.svg/route";
import { saveLinkFormAction } from "@/app/(admin)/w/[slug]/links/actions";
import { listAuditEntries } from "@/lib/audit/list-audit";
import { linkSnippets } from "@/lib/capture/snippets/link-snippets";
import { linkSnippetForm } from "@/lib/capture/snippets/snippet-form";
import { createField } from "@/lib/fields/create-field";
import { listFields } from "@/lib/fields/list-fields";
import { createLink } from "@/lib/links/create-link";
import { getLinkForm } from "@/lib/links/get-link-form";
import { useTestDatabase } from "../support/database";
import { post } from "../support/ingest-client";
import { callAction, type SignedInUser } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();

const PORTUGUESE = { acceptLanguage: "pt-BR,pt;q=0.9,en;q=0.8" };
const ENGLISH = { acceptLanguage: "en-US,en;q=0.9" };

async function tenantWithLink(name: string) {
  const { owner, workspace } = await newTenant(name);
  const link = await createLink(workspace.id, { name: `${name} bio` });
  return { owner, workspace, link };
}

function documentForm(document: unknown): FormData {
  const form = new FormData();
  form.set("document", typeof document === "string" ? document : JSON.stringify(document));
  return form;
}

/** What the editor sends: the whole document, as the Form tab keeps it in state. */
function bakeryForm() {
  return {
    language: "pt-BR",
    title: "Bolos da Ana",
    description: "Encomendas para o fim de semana",
    fields: [
      { key: "telephone", label: "WhatsApp", help: "Com DDD", required: true },
      { key: "name", label: "Seu nome", help: "", required: false },
      { key: "customFields.sabor", label: "", help: "", required: false },
    ],
    consent: { text: "Aceito que a Ana me chame no WhatsApp.", version: "2026-11", purposes: ["contato"], required: true },
    submitLabel: "Quero encomendar",
    successMessage: "Obrigada! Respondo ainda hoje.",
    successUrl: null,
    theme: { color: "#C2185B", logoUrl: "https://bolosdaana.com.br/logo.png" },
  };
}

function save(user: SignedInUser, slug: string, linkId: string, document: unknown, browser = PORTUGUESE) {
  return callAction(user, () => saveLinkFormAction(slug, linkId, {}, documentForm(document)), browser);
}

describe("the Form tab's save action", () => {
  it("stores the document (normalised, default words filled in), audited as the signed-in owner", async () => {
    const { owner, workspace, link } = await tenantWithLink("Ana");
    await createField(workspace.id, { name: "sabor", label: "Sabor favorito", type: "text" });
    const state = await save(owner, workspace.slug, link.id, bakeryForm());
    expect(state).toEqual({ ok: true, message: "Formulário salvo." });
    const stored = await getLinkForm(workspace.id, link.id);
    expect(stored.fields.map((field) => [field.key, field.label])).toEqual([
      ["telephone", "WhatsApp"],
      ["name", "Seu nome"],
      ["customFields.sabor", "Sabor favorito"],
    ]);
    expect(stored.theme).toEqual({ color: "#c2185b", logoUrl: "https://bolosdaana.com.br/logo.png" });
    expect(stored.consent).toEqual(bakeryForm().consent);
    const entry = (await listAuditEntries(workspace.id)).find((item) => item.action === "link.updated");
    expect(entry).toMatchObject({
      actor: { kind: "user", userId: owner.id },
      target: { type: "capture_link", id: link.id },
      details: { changes: [{ field: "form" }, { field: "requireConsent", from: false, to: true }] },
    });
  });

  it("answers every invalid part under its JSON path, in the admin's language, and stores nothing", async () => {
    const { owner, workspace, link } = await tenantWithLink("Erros");
    const invalid = {
      ...bakeryForm(),
      language: "fr",
      title: " ",
      fields: [
        { key: "name", label: "x".repeat(201), help: "", required: false },
        { key: "name", label: "", help: "", required: false },
        { key: "shoeSize", label: "", help: "", required: false },
        { key: "customFields.nope", label: "", help: "", required: false },
      ],
      consent: { text: "", version: "1", purposes: ["contato"], required: true },
      successUrl: "not a url",
      theme: { color: "pink", logoUrl: "http://bolosdaana.com.br/logo.png" },
    };
    const portuguese = await save(owner, workspace.slug, link.id, invalid);
    expect(portuguese).toMatchObject({ ok: false, code: "validation_failed", message: "Confira os campos destacados." });
    expect(Object.keys(portuguese.fieldErrors ?? {}).sort()).toEqual(
      [
        "language",
        "title",
        "fields[0].label",
        "fields[2].key",
        "fields[3].key",
        "consent.text",
        "successUrl",
        "theme.color",
        "theme.logoUrl",
      ].sort(),
    );
    expect(portuguese.fieldErrors).toMatchObject({
      title: "é obrigatório",
      "fields[0].label": "deve ter no máximo 200 caracteres",
      "theme.color": "deve ser uma cor como #1d4ed8",
    });
    // The checks across fields, once every field is well formed.
    const twice = [0, 1].map(() => ({ key: "name", label: "", help: "", required: false }));
    expect(await save(owner, workspace.slug, link.id, { ...bakeryForm(), fields: twice })).toMatchObject({
      fieldErrors: {
        "fields[1].key": "já está no formulário",
        fields: "deve incluir e-mail ou telefone: um lead precisa de um deles",
      },
    });
    const english = await save(owner, workspace.slug, link.id, invalid, ENGLISH);
    expect(english.fieldErrors).toMatchObject({ "theme.color": "must be a colour like #1d4ed8", title: "is required" });

    // What the browser posts is not JSON: the same kind of answer, never a 500.
    const garbled = await save(owner, workspace.slug, link.id, "{not json");
    expect(garbled).toMatchObject({ ok: false, code: "validation_failed", fieldErrors: { document: expect.any(String) } });
    expect((await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } })).form).toBeNull();
  });

  it("refuses a member (forbidden) and stores nothing", async () => {
    const { workspace, link } = await tenantWithLink("Membro");
    const member = await newMember(workspace.id, "member");
    expect(await save(member, workspace.slug, link.id, bakeryForm())).toMatchObject({ ok: false, code: "forbidden" });
    expect((await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } })).form).toBeNull();
    const admin = await newMember(workspace.id, "admin");
    const document = { ...bakeryForm(), fields: bakeryForm().fields.slice(0, 2) };
    expect(await save(admin, workspace.slug, link.id, document)).toMatchObject({ ok: true });
  });

  it("cannot reach another workspace's link, through either workspace's address", async () => {
    const a = await tenantWithLink("Alfa");
    const b = await tenantWithLink("Beta");
    const document = { ...bakeryForm(), fields: bakeryForm().fields.slice(0, 2) };
    // B's owner, A's workspace: not a member there.
    expect(await save(b.owner, a.workspace.slug, a.link.id, document)).toMatchObject({ ok: false, code: "not_found" });
    // B's owner, B's workspace, A's link: the link is not found in B.
    expect(await save(b.owner, b.workspace.slug, a.link.id, document)).toMatchObject({
      ok: false,
      code: "capture_link_not_found",
    });
    expect((await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: a.link.id } })).form).toBeNull();
  });
});

function routeParams(slug: string, id: string) {
  return { params: Promise.resolve({ slug, id }) };
}
const request = () => new Request("http://localhost:3000/qr");

describe("the link page's QR code", () => {
  it("is an SVG and a PNG download of the hosted form's URL for a member; 404 for another workspace's link; 401 signed out", async () => {
    const a = await tenantWithLink("Qr");
    const b = await tenantWithLink("Outro");
    const member = await newMember(a.workspace.id, "member");
    const svg = await callAction(member, () => qrSvg(request(), routeParams(a.workspace.slug, a.link.id)));
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(svg.headers.get("content-disposition")).toBe(`attachment; filename="form-qr-${a.link.id}.svg"`);
    expect(await svg.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"[\s\S]*<path[\s\S]*<\/svg>\s*$/);

    const png = await callAction(a.owner, () => qrPng(request(), routeParams(a.workspace.slug, a.link.id)));
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(png.headers.get("content-disposition")).toBe(`attachment; filename="form-qr-${a.link.id}.png"`);
    const bytes = new Uint8Array(await png.arrayBuffer());
    expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(bytes.length).toBeGreaterThan(500);

    for (const route of [qrSvg, qrPng]) {
      const other = await callAction(b.owner, () => route(request(), routeParams(b.workspace.slug, a.link.id)));
      expect(other.status).toBe(404);
      expect(other.headers.get("content-type")).toContain("application/problem+json");
      expect(await other.json()).toMatchObject({ code: "capture_link_not_found" });
      const foreign = await callAction(b.owner, () => route(request(), routeParams(a.workspace.slug, a.link.id)));
      expect(foreign.status).toBe(404);
      const signedOut = await callAction(null, () => route(request(), routeParams(a.workspace.slug, a.link.id)));
      expect(signedOut.status).toBe(401);
    }
  });
});

describe("the stored form settings", () => {
  it("are what the snippets show: order, labels, help, required, consent, words and language (Spanish)", async () => {
    const { owner, workspace, link } = await tenantWithLink("Tienda");
    await createField(workspace.id, { name: "sabor", label: "Sabor favorito", type: "text" });
    const document = {
      ...bakeryForm(),
      language: "es",
      fields: [
        { key: "email", label: "Tu correo", help: "Te escribimos aquí", required: true },
        { key: "customFields.sabor", label: "Sabor", help: "", required: true },
        { key: "name", label: "", help: "", required: false },
      ],
      consent: { text: "Acepto que Tienda me escriba.", version: "es-1", purposes: ["contacto", "ofertas"], required: false },
      submitLabel: "Quiero saber más",
      successMessage: "¡Listo! Te escribimos pronto.",
    };
    expect(await save(owner, workspace.slug, link.id, document)).toMatchObject({ ok: true });
    const form = await linkSnippetForm(workspace, link, await listFields(workspace.id));
    const snippets = linkSnippets({ url: "http://localhost:3000/ingest/x", form, country: "BR", honeypotField: null });
    for (const html of [snippets.html, snippets.plainForm]) {
      expect(html).toContain('lang="es"');
      const order = ["Tu correo", "Sabor", "Nombre"].map((label) => html.indexOf(`<label>${label} `));
      expect(order.every((at) => at > 0)).toBe(true);
      expect([...order].sort((x, y) => x - y)).toEqual(order);
      expect(html).toContain("<small>Te escribimos aquí</small>");
      expect(html).toContain(">Quiero saber más</button>");
      expect(html).toContain("Acepto que Tienda me escriba.");
    }
    expect(snippets.html).toMatch(/<label>Tu correo <input name="email" type="email" autocomplete="email" required>/);
    expect(snippets.html).toMatch(/name="customFields.sabor"[^>]*required/);
    // A consent that is not required is a checkbox without `required`.
    expect(snippets.html).toContain('name="consent.granted" type="checkbox">');
    expect(snippets.fetch).toContain(JSON.stringify("¡Listo! Te escribimos pronto."));
    expect(snippets.fetch).toContain(JSON.stringify("Enviando…"));
    expect(snippets.fetch).toContain(JSON.stringify("Revisa los campos de abajo."));
    expect(snippets.curl).toContain('"version": "es-1"');
  });

  it("decide the capture endpoint's consent: a required consent in the form refuses leads without it", async () => {
    const { owner, workspace, link } = await tenantWithLink("Consent");
    expect((await post(link.token, { email: "antes@example.com" })).status).toBe(201);
    const document = { ...bakeryForm(), fields: bakeryForm().fields.slice(0, 2) };
    expect(await save(owner, workspace.slug, link.id, document)).toMatchObject({ ok: true });
    const refused = await post(link.token, { telephone: "+55 81 99999-0000" });
    expect(refused.status).toBe(422);
    expect(JSON.stringify(refused.json)).toContain('"consent_required"');
    const granted = await post(link.token, { telephone: "+55 81 99999-0000", consent: { granted: true, version: "2026-11" } });
    expect(granted.status).toBe(201);
    // The link page's own setting is the same truth: a form cannot make a consent-requiring link stop asking.
    const optional = { ...document, consent: { ...document.consent, required: false } };
    expect(await save(owner, workspace.slug, link.id, optional)).toMatchObject({
      ok: false,
      fieldErrors: { consent: expect.any(String) },
    });
  });
});
