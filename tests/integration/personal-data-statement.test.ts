// DESIGN.md section 13 (and 9, access): the personal-data statement beside the JSON, through the real route
// handler and command line against a real database: each part (controller and contact, every field, where
// and when each submission came from, consents given and withdrawn with their text, who it was sent to, how
// long each kind is kept) in the workspace's language, everything a sender typed escaped, one workspace only.

import "../support/server-action";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET as personalDataRoute } from "@/app/(admin)/w/[slug]/leads/[id]/personal-data/route";
import { resetEnv } from "@/lib/env";
import { createField } from "@/lib/fields/create-field";
import { createLink } from "@/lib/links/create-link";
import { updateRetentionSettings } from "@/lib/privacy/retention-settings";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";
import { cpf } from "../support/documents";
import { expandWaitingEvents } from "../support/events";
import { post } from "../support/ingest-client";
import { callAction, type SignedInUser } from "../support/server-action";
import { newMember, newTenant, unique } from "../support/tenants";

const db = useTestDatabase();
const HOSTILE = `<script>alert("x")</script>`;
const allowPrivate = process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;

// The endpoint is on 127.0.0.1: nothing is delivered (no dispatcher runs), the queued message is what counts.
beforeAll(() => {
  process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = "1";
  resetEnv();
});
afterAll(() => {
  if (allowPrivate === undefined) delete process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS;
  else process.env.WEBHOOK_ALLOW_PRIVATE_NETWORKS = allowPrivate;
  resetEnv();
});

async function seedPerson(options: { ownerLocale: "pt-BR" | "en" }) {
  const { owner, workspace } = await newTenant("Padaria");
  // The workspace's language, as its creation by an owner who reads that language sets it (DESIGN.md section 13).
  await db.current.prisma.workspace.update({
    where: { id: workspace.id },
    data: { name: "Padaria & Cia", language: options.ownerLocale },
  });
  await db.current.prisma.user.update({ where: { id: owner.id }, data: { locale: options.ownerLocale } });
  const link = await createLink(workspace.id, { name: `Página <b>de</b> vendas` });
  await createField(workspace.id, { name: "whatsapp", label: "Aceita WhatsApp?", type: "boolean" });
  await createEndpoint(workspace.id, { url: "http://127.0.0.1:9/crm", description: "CRM da loja" });
  await updateRetentionSettings(
    workspace.id,
    { rejectedPayloadDays: 15, requestMetaDays: 200, webhookAttemptDays: 20 },
    {
      kind: "cli",
    },
  );
  const email = `${unique("tatiane")}@example.com`;
  const first = await post(
    link.token,
    {
      name: `Tatiane ${HOSTILE}`,
      email,
      telephone: "+55 11 91234-5678",
      document: cpf("012345678"),
      utmSource: "instagram",
      utmCampaign: "natal",
      customFields: { whatsapp: true },
      consent: { granted: true, text: `Aceito receber ofertas ${HOSTILE}`, version: "v2", purposes: ["marketing"] },
    },
    { origin: "https://padaria.example", referer: "https://padaria.example/promo" },
  );
  expect(first.status, JSON.stringify(first.json)).toBe(201);
  const leadId = first.json!.leadId as string;
  const second = await post(link.token, {
    email,
    consent: { granted: false, text: "Não quero mais receber ofertas", version: "v2", purposes: ["marketing"] },
  });
  expect(second.status, JSON.stringify(second.json)).toBe(200);
  // The events become the endpoint's messages, as a runner does before sending them.
  await expandWaitingEvents(db.current);
  // An email told the owner about the lead (as the notifications channel queues one).
  await db.current.prisma.emailMessage.create({
    data: { kind: "new_lead", workspaceId: workspace.id, userId: owner.id, leadId, state: "delivered" },
  });
  return { owner, workspace, leadId };
}

function statement(user: SignedInUser | null, slug: string, id: string, acceptLanguage = "pt-BR,pt;q=0.9") {
  return callAction(
    user,
    () =>
      personalDataRoute(new Request(`http://localhost:3000/w/${slug}/leads/${id}/personal-data?format=html`), {
        params: Promise.resolve({ slug, id }),
      }),
    { acceptLanguage, timeZone: "America/Sao_Paulo" },
  );
}

describe("the personal-data statement", () => {
  it("says every part in Portuguese for a Portuguese workspace, escaped", async () => {
    const { owner, workspace, leadId } = await seedPerson({ ownerLocale: "pt-BR" });
    // An English admin still gets the workspace's language: the statement is for the person.
    const response = await statement(owner, workspace.slug, leadId, "en-US,en;q=0.9");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain("Declaração de dados pessoais");
    // Who holds the data.
    expect(html).toContain("Quem guarda os seus dados");
    expect(html).toContain("Padaria &amp; Cia");
    expect(html).toContain(owner.email);
    // Every field, by its label, formatted.
    expect(html).toContain("Tatiane &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).not.toContain(HOSTILE);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain("+55 11 91234-5678");
    expect(html).toContain(cpf("012345678"));
    expect(html).toMatch(/Aceita WhatsApp\?<\/th><td>Sim/);
    // Where and when each submission came from.
    expect(html).toContain("De onde e quando vieram os seus dados");
    expect(html).toContain("Página &lt;b&gt;de&lt;/b&gt; vendas");
    expect(html).toContain("https://padaria.example/promo");
    expect(html).toContain("Origem UTM: instagram");
    expect(html).toContain("Criou o seu cadastro");
    expect(html).toContain("Atualizou o seu cadastro");
    // Consents given and withdrawn, with their text.
    expect(html).toContain("Consentimentos dados e retirados");
    expect(html).toContain(`Aceito receber ofertas &lt;script&gt;`);
    expect(html).toContain("Não quero mais receber ofertas");
    expect(html).toContain("Recusado ou retirado");
    // To whom it was sent: endpoints by description, emails by the recipient's role, never an address.
    expect(html).toContain("Integração (webhook): CRM da loja");
    expect(html).toContain("E-mail para o proprietário do espaço de trabalho");
    // How long each kind is kept: this workspace's windows.
    expect(html).toContain("200 dias");
    expect(html).toContain("15 dias");
    expect(html).toContain("20 dias");
    expect(html).toContain("@media print");
  });

  it("speaks English for an English workspace", async () => {
    const { owner, workspace, leadId } = await seedPerson({ ownerLocale: "en" });
    const html = await (await statement(owner, workspace.slug, leadId)).text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("Statement of personal data");
    expect(html).toContain("Who holds your data");
    expect(html).toMatch(/Aceita WhatsApp\?<\/th><td>Yes/);
    expect(html).toContain("Refused or withdrawn");
    expect(html).toContain("Integration (webhook): CRM da loja");
    expect(html).toContain("Email to the workspace&#39;s owner");
    expect(html).toContain("200 days");
    expect(html).not.toMatch(/<script/i);
  });

  it("is one workspace's: members 403, another workspace 404, signed out 401; audited", async () => {
    const { owner, workspace, leadId } = await seedPerson({ ownerLocale: "pt-BR" });
    const member = await newMember(workspace.id, "member");
    expect((await statement(member, workspace.slug, leadId)).status).toBe(403);
    const stranger = await newTenant("Stranger");
    const foreign = await statement(stranger.owner, stranger.workspace.slug, leadId);
    expect(foreign.status).toBe(404);
    expect(foreign.headers.get("content-type")).toContain("application/problem+json");
    expect((await statement(null, workspace.slug, leadId)).status).toBe(401);
    const before = await db.current.prisma.auditEntry.count({
      where: { workspaceId: workspace.id, action: "lead.personal_data_downloaded" },
    });
    expect((await statement(owner, workspace.slug, leadId)).status).toBe(200);
    expect(
      await db.current.prisma.auditEntry.count({ where: { workspaceId: workspace.id, action: "lead.personal_data_downloaded" } }),
    ).toBe(before + 1);
  });

  it("comes from the command line too: lead personal-data --format html", async () => {
    const { workspace } = await seedPerson({ ownerLocale: "pt-BR" });
    const lead = await db.current.prisma.lead.findFirstOrThrow({ where: { workspaceId: workspace.id }, select: { email: true } });
    const result = await runJson(
      "lead",
      "personal-data",
      "--workspace",
      workspace.slug,
      "--email",
      lead.email!,
      "--format",
      "html",
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.body.language).toBe("pt-BR");
    expect(result.body.html).toContain("Declaração de dados pessoais");
    expect(result.body.html).toContain("Consentimentos dados e retirados");
    const bad = await runJson("lead", "personal-data", "--workspace", workspace.slug, "--email", lead.email!, "--format", "pdf");
    expect(bad.code).toBe(1);
    expect(bad.body).toMatchObject({ error: { code: "validation_failed" } });
  });
});
