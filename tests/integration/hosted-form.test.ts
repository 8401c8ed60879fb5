// DESIGN.md section 12: the hosted form /f/<token>. What its page shows (loadHostedForm, the data the page
// renders), its post through the capture pipeline (submitHostedForm, the server action's body: errors beside
// the fields with the values kept, success, redirect, revoked) on a real database. The page itself in a
// browser, with and without JavaScript: tests/e2e/hosted-form.spec.ts.
import { describe, expect, it } from "vitest";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import { builtInPage } from "@/lib/capture/hosted-form/built-in-page";
import { LANDING_URL_INPUT } from "@/lib/capture/hosted-form/hosted-form-state";
import { loadHostedForm } from "@/lib/capture/hosted-form/load-hosted-form";
import { carriedValues } from "@/lib/capture/hosted-form/page-inputs";
import { submitHostedForm } from "@/lib/capture/hosted-form/submit-hosted-form";
import { archiveField } from "@/lib/fields/archive-field";
import { createField } from "@/lib/fields/create-field";
import { createLink } from "@/lib/links/create-link";
import { revokeLink } from "@/lib/links/revoke-link";
import { setLinkForm } from "@/lib/links/set-link-form";
import { useTestDatabase } from "../support/database";
import { linkSubmissions, postUrlencoded, redirectTarget } from "../support/form-posts";
import { expectProblem, uniqueEmail, withoutRateLimit } from "../support/ingest-helpers";
import { newTenant } from "../support/tenants";

const db = useTestDatabase();
withoutRateLimit();

const VISITOR = new Headers({ "user-agent": "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Safari/604.1" });

/** A Brazilian workspace whose link does NOT accept HTML form posts (the hosted form must work anyway). */
async function bakery(link: { requireConsent?: boolean } = {}) {
  const { workspace } = await newTenant("Bolos");
  await db.current.prisma.workspace.update({ where: { id: workspace.id }, data: { country: "BR" } });
  const created = await createLink(workspace.id, { name: "Instagram", acceptForms: false, ...link });
  invalidateCaptureLinks();
  return { workspace, link: created, token: created.token };
}

async function hostedForm(token: string) {
  const form = await loadHostedForm(db.current, token);
  if (!form) throw new Error("no hosted form");
  return form;
}

describe("the hosted form's page (GET /f/<token>)", () => {
  it("has the defaults in the workspace's language: name, email (required), telephone, Send", async () => {
    const { token, workspace } = await bakery();
    const form = await hostedForm(token);
    expect(form).toMatchObject({
      status: "active",
      language: "pt-BR",
      title: workspace.name,
      submitLabel: "Enviar",
      consent: null,
    });
    expect(form.fields.map((field) => [field.name, field.label, field.type, field.required])).toEqual([
      ["name", "Nome", "text", false],
      ["email", "E-mail", "email", true],
      ["telephone", "Telefone", "tel", false],
    ]);
    expect(form.words.required).toBe("obrigatório");
    expect(await loadHostedForm(db.current, "cl_notARealToken")).toBeUndefined();
    expect(await loadHostedForm(db.current, "cl_0000000000000000000000")).toBeUndefined();
  });

  it("follows the stored settings: order, labels, help, select options, consent, colour; skips archived custom fields", async () => {
    const { workspace, link, token } = await bakery();
    await createField(workspace.id, { name: "flavour", label: "Sabor", type: "select", options: ["Chocolate", "Limão"] });
    await createField(workspace.id, { name: "old", label: "Antigo" });
    await setLinkForm(workspace.id, link.id, {
      language: "es",
      title: "Pasteles",
      description: "Pide tu pastel.",
      fields: [
        { key: "telephone", label: "WhatsApp", help: "Con código de área", required: true },
        { key: "customFields.flavour", label: "", help: "", required: false },
        { key: "customFields.old", label: "", help: "", required: false },
        { key: "address.zipCode", label: "", help: "", required: false },
      ],
      consent: { text: "Acepto ser contactado.", version: "v2", purposes: ["contacto", "ofertas"], required: true },
      submitLabel: "Quiero mi pastel",
      successMessage: "¡Recibido!",
      successUrl: null,
      theme: { color: "#fde047", logoUrl: null },
    });
    const old = await db.current.prisma.customField.findFirstOrThrow({ where: { workspaceId: workspace.id, name: "old" } });
    await archiveField(workspace.id, old.id);
    const form = await hostedForm(token);
    expect(form.language).toBe("es");
    expect(form.fields).toEqual([
      expect.objectContaining({ name: "telephone", label: "WhatsApp", help: "Con código de área", required: true, type: "tel" }),
      expect.objectContaining({ name: "customFields[flavour]", label: "Sabor", type: "select", options: ["Chocolate", "Limão"] }),
      expect.objectContaining({ name: "address[zipCode]", label: "Código postal", autoComplete: "postal-code" }),
    ]);
    expect(form.consent).toEqual({
      text: "Acepto ser contactado.",
      version: "v2",
      purposes: ["contacto", "ofertas"],
      required: true,
    });
    // A light yellow button gets dark text: white on #fde047 would fail WCAG AA.
    expect(form.theme).toEqual({ color: "#fde047", textOnColor: "#0f172a", logoUrl: null });
    expect(form.words.required).toBe("obligatorio");
  });

  it("carries utm_* (and utmSource…) of the page's URL, the landing URL and an http(s) Referer into hidden inputs", () => {
    const token = "cl_AbCdEfGhIjKlMnOpQrStUv";
    const carried = Object.fromEntries(
      carriedValues(
        token,
        { utm_source: "instagram", utmMedium: "bio", utm_campaign: ["natal", "x"], other: "1" },
        "https://l.instagram.com/",
      ),
    );
    expect(carried).toMatchObject({ utmSource: "instagram", utmMedium: "bio", utmCampaign: "natal" });
    expect(new URL(carried[LANDING_URL_INPUT]!).pathname).toBe(`/f/${token}`);
    expect(new URL(carried[LANDING_URL_INPUT]!).searchParams.get("utm_source")).toBe("instagram");
    expect(carried["leadlink-came-from"]).toBe("https://l.instagram.com/");
    expect(Object.fromEntries(carriedValues(token, {}, "javascript:alert(1)"))["leadlink-came-from"]).toBeUndefined();
  });
});

describe("the hosted form's post", () => {
  it("answers with the form again: errors beside their fields in the form's language, values kept, nothing stored", async () => {
    const { workspace, link, token } = await bakery({ requireConsent: true });
    const form = await hostedForm(token);
    const outcome = await submitHostedForm(
      form,
      [
        ["name", "Ana Souza"],
        ["email", "ana@"],
        ["telephone", "12"],
        ["consent[text]", form.consent!.text],
        ["consent[version]", form.consent!.version],
      ],
      VISITOR,
    );
    expect("state" in outcome && outcome.state).toMatchObject({
      status: "refused",
      code: "validation_failed",
      problem: "Confira os campos abaixo.",
      values: { name: ["Ana Souza"], email: ["ana@"], telephone: ["12"] },
    });
    const state = "state" in outcome && outcome.state.status === "refused" ? outcome.state : undefined;
    expect(Object.fromEntries(state!.errors.map((error) => [error.field, error.message]))).toEqual({
      email: "este e-mail não é válido",
      telephone: "este telefone não é válido",
      consent: "marque a caixa para dar seu consentimento",
    });
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
    // The capture pipeline ran: the refusal is in the link's request log like any other.
    expect((await linkSubmissions(db.current, link.id)).map((entry) => entry.errorCode)).toEqual(["validation_failed"]);
  });

  it("checks what the form requires beyond the link (a required field, the form's consent box) before posting", async () => {
    const { workspace, link, token } = await bakery();
    await setLinkForm(workspace.id, link.id, {
      language: "en",
      title: "Cakes",
      fields: [
        { key: "name", required: true },
        { key: "email", required: true },
      ],
      consent: { text: "I agree.", version: "1", purposes: [], required: true },
      theme: { color: "#1d4ed8", logoUrl: null },
    });
    const outcome = await submitHostedForm(await hostedForm(token), [["email", uniqueEmail()]], VISITOR);
    const state = "state" in outcome && outcome.state.status === "refused" ? outcome.state : undefined;
    expect(state?.errors).toEqual([
      { field: "name", message: "this field is required" },
      { field: "consent", message: "please tick the box to give your consent" },
    ]);
    // With another problem too, the visitor sees all of them at once (the endpoint checked them in a dry run).
    const both = await submitHostedForm(await hostedForm(token), [["email", "not-an-email"]], VISITOR);
    const fields = "state" in both && both.state.status === "refused" ? both.state.errors.map((error) => error.field) : [];
    expect(fields.sort()).toEqual(["consent", "email", "name"]);
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("creates the lead with consent, UTM and the landing URL, then updates it: the success message each time", async () => {
    const { workspace, link, token } = await bakery({ requireConsent: true });
    const form = await hostedForm(token);
    const email = uniqueEmail("Hosted");
    const landing = `http://localhost:3000/f/${token}?utm_source=instagram`;
    const post = (name: string) =>
      submitHostedForm(
        form,
        [
          ["name", name],
          ["email", email],
          ["telephone", "(11) 98765-4321"],
          ["consent[granted]", "on"],
          ["consent[text]", form.consent!.text],
          ["consent[version]", form.consent!.version],
          ...form.consent!.purposes.map((purpose): [string, string] => ["consent[purposes][]", purpose]),
          ["utmSource", "instagram"],
          ["utmCampaign", "natal"],
          [LANDING_URL_INPUT, landing],
          ["leadlink-came-from", "https://l.instagram.com/"],
        ],
        VISITOR,
      );
    expect(await post("Ana")).toEqual({ state: { status: "sent", message: form.successMessage } });
    expect(await post("Ana Souza")).toEqual({ state: { status: "sent", message: form.successMessage } });
    const lead = await db.current.prisma.lead.findFirstOrThrow({ where: { workspaceId: workspace.id } });
    expect(lead).toMatchObject({ name: "Ana Souza", email: email.toLowerCase(), phone: "5511987654321" });
    expect(lead).toMatchObject({ firstUtmSource: "instagram", firstUtmCampaign: "natal" });
    const entries = await linkSubmissions(db.current, link.id);
    expect(entries.map((entry) => entry.outcome)).toEqual(["created", "updated"]);
    expect(entries[0]).toMatchObject({ referer: landing, userAgent: VISITOR.get("user-agent") });
    // Our hidden inputs are not lead fields: no unknown_field warning about them.
    expect(JSON.stringify(entries[0]!.warnings)).not.toMatch(/leadlink-/);
    const consents = await db.current.prisma.consentRecord.findMany({ where: { leadId: lead.id } });
    expect(consents).toHaveLength(2);
    expect(consents[0]).toMatchObject({
      granted: true,
      text: form.consent!.text,
      purposes: form.consent!.purposes,
      referer: landing,
    });
  });

  it("sends the browser to the form's success URL when it has one", async () => {
    const { workspace, link, token } = await bakery();
    await setLinkForm(workspace.id, link.id, {
      language: "pt-BR",
      title: "Bolos",
      fields: [{ key: "email", required: true }],
      consent: null,
      successUrl: "https://bolos.example/obrigado",
      theme: { color: "#1d4ed8", logoUrl: null },
    });
    expect(await submitHostedForm(await hostedForm(token), [["email", uniqueEmail()]], VISITOR)).toEqual({
      redirectTo: "https://bolos.example/obrigado",
    });
  });

  it("a revoked link: the page says closed, a post is refused in the form's language and stores nothing", async () => {
    const { workspace, link, token } = await bakery();
    const open = await hostedForm(token);
    await revokeLink(workspace.id, link.id);
    invalidateCaptureLinks();
    const form = await hostedForm(token);
    expect(form.status).toBe("revoked");
    expect(form.words.closedTitle).toBe("Este formulário está encerrado");
    const outcome = await submitHostedForm(open, [["email", uniqueEmail()]], VISITOR);
    expect("state" in outcome && outcome.state).toMatchObject({
      status: "refused",
      code: "capture_link_revoked",
      problem: "Este formulário foi encerrado e não recebe mais respostas.",
    });
    expect(await db.current.prisma.lead.count({ where: { workspaceId: workspace.id } })).toBe(0);
  });

  it("does not open the public endpoint to form posts: /ingest/<token> still answers 415 on this link", async () => {
    const { token } = await bakery();
    await submitHostedForm(await hostedForm(token), [["email", uniqueEmail()]], VISITOR);
    await expectProblem(await postUrlencoded(token, [["email", uniqueEmail()]]), 415, "unsupported_media_type");
    await expectProblem(
      await postUrlencoded(token, [
        ["email", uniqueEmail()],
        [LANDING_URL_INPUT, "http://localhost/f/x"],
      ]),
      415,
      "unsupported_media_type",
    );
  });
});

describe("the built-in thank-you and error pages (a form post from another site)", () => {
  it("carry the link and the page the visitor came from, and show the business in the form's language", async () => {
    const { workspace, link, token } = await bakery();
    await db.current.prisma.captureLink.update({ where: { id: link.id }, data: { acceptForms: true } });
    await setLinkForm(workspace.id, link.id, {
      language: "pt-BR",
      title: "Bolos",
      fields: [{ key: "email", required: true }],
      consent: null,
      theme: { color: "#be185d", logoUrl: null },
    });
    invalidateCaptureLinks();
    const came = { referer: "https://bolos.example/" };
    const thanks = redirectTarget(await postUrlencoded(token, [["email", uniqueEmail()]], came));
    expect(thanks.pathname).toBe("/forms/thanks");
    expect(Object.fromEntries(thanks.searchParams)).toEqual({ link: token, back: "https://bolos.example/" });
    const error = redirectTarget(await postUrlencoded(token, [["email", "nope"]], came));
    expect(error.pathname).toBe("/forms/error");
    expect(Object.fromEntries(error.searchParams)).toMatchObject({
      link: token,
      back: "https://bolos.example/",
      error: "validation_failed",
    });

    const page = await builtInPage(Object.fromEntries(thanks.searchParams), "en-US,en;q=0.9", db.current);
    expect(page).toMatchObject({
      locale: "pt-BR",
      back: "https://bolos.example/",
      backLabel: "Voltar à página de onde você veio",
    });
    expect(page.text.thanksTitle).toBe("Obrigado!");
    expect(page.form).toMatchObject({ workspaceName: workspace.name, theme: { color: "#be185d", textOnColor: "#ffffff" } });
    // Only http(s) goes back; without a link, the browser's language and Leadlink's frame as before.
    const hostile = await builtInPage({ back: "javascript:alert(1)" }, "pt-BR", db.current);
    expect(hostile).toMatchObject({ locale: "pt-BR", back: undefined, form: undefined });
  });
});
