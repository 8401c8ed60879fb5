// DESIGN.md section 13, spreadsheets: the leads page's "Excel (.xlsx)" export, through the real route handler
// against a real database, read back by an independent reader (read-excel-file, not the exceljs that wrote it):
// headers and values in the viewer's language, dates as dates in the viewer's zone, numbers as numbers,
// phones, CPFs and CEPs as text; only the caller's workspace. And the plain CSV's formula escaping.

import "../support/server-action";
import { mkdtemp, readFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readSheet } from "read-excel-file/node";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as exportRoute } from "@/app/(admin)/w/[slug]/leads/export/route";
import { createField } from "@/lib/fields/create-field";
import { exportLeads } from "@/lib/leads/export-leads";
import { createLink } from "@/lib/links/create-link";
import { runJson } from "../support/cli-run";
import { parseCsv } from "../support/csv";
import { useTestDatabase } from "../support/database";
import { cpf } from "../support/documents";
import { post } from "../support/ingest-client";
import { callAction, type SignedInUser } from "../support/server-action";
import { newMember, newTenant } from "../support/tenants";

const db = useTestDatabase();

const PORTUGUESE = { acceptLanguage: "pt-BR,pt;q=0.9", timeZone: "America/Sao_Paulo" };
const ENGLISH = { acceptLanguage: "en-US,en;q=0.9", timeZone: "America/New_York" };
// A CPF whose first digit is zero: as a number, Excel would drop it.
const ZERO_CPF = cpf("012345678");

const seeded = {} as { slug: string; workspaceId: string; owner: SignedInUser; stranger: SignedInUser; otherSlug: string };

async function lead(token: string, body: Record<string, unknown>): Promise<string> {
  const response = await post(token, body);
  expect(response.status, JSON.stringify(response.json)).toBe(201);
  return response.json!.leadId as string;
}

async function download(user: SignedInUser | null, slug: string, browser: typeof PORTUGUESE, query = "format=xlsx") {
  return callAction(
    user,
    () =>
      exportRoute(new Request(`http://localhost:3000/w/${slug}/leads/export?${query}`), { params: Promise.resolve({ slug }) }),
    browser,
  );
}

async function workbook(response: Response) {
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  const rows = await readSheet(Buffer.from(await response.arrayBuffer()));
  const [header, ...data] = rows as unknown[][];
  return { header: header as string[], rows: data, cell: (row: unknown[], title: string) => row[header!.indexOf(title)] };
}

/** An Excel date-time is a fraction of a day: read back, it may be a millisecond off the minute it holds. */
function expectInstant(value: unknown, wallClock: number) {
  expect(value).toBeInstanceOf(Date);
  expect(Math.abs((value as Date).getTime() - wallClock)).toBeLessThan(1000);
}

beforeAll(async () => {
  const { owner, workspace } = await newTenant("Planilha");
  const other = await newTenant("Outra");
  const link = await createLink(workspace.id, { name: "Página de vendas" });
  const foreign = await createLink(other.workspace.id, { name: "Foreign" });
  await createField(workspace.id, { name: "orcamento", label: "Orçamento", type: "number" });
  await createField(workspace.id, { name: "evento", label: "Data do evento", type: "date" });
  await createField(workspace.id, { name: "whatsapp", label: "Aceita WhatsApp?", type: "boolean" });
  await createField(workspace.id, { name: "plano", label: "Plano", type: "select", options: ["Básico", "Premium"] });
  const id = await lead(link.token, {
    name: "Tatiane Gonçalves",
    email: "tatiane@example.com.br",
    telephone: "+55 11 91234-5678",
    document: ZERO_CPF,
    birthday: "1990-04-05",
    address: { zipCode: "01310-100", street: "Av. Paulista", number: "0100" },
    utmSource: "instagram",
    customFields: { orcamento: "1500,50", evento: "2026-12-18", whatsapp: "sim", plano: "premium" },
  });
  // 02:30 UTC on the 1st is still the 30th of November, 23:30, in São Paulo.
  await db.current.prisma.lead.update({
    where: { id },
    data: { status: "qualified", createdAt: new Date("2026-12-01T02:30:00Z"), updatedAt: new Date("2026-12-01T02:30:00Z") },
  });
  await lead(foreign.token, { name: "Stranger Person", email: "stranger@example.com", telephone: "+55 21 99876-5432" });
  Object.assign(seeded, {
    slug: workspace.slug,
    workspaceId: workspace.id,
    owner,
    stranger: other.owner,
    otherSlug: other.workspace.slug,
  });
});

describe("the Excel (.xlsx) export", () => {
  it("speaks Portuguese to a Portuguese viewer, with typed cells, in the viewer's zone", async () => {
    const response = await download(seeded.owner, seeded.slug, PORTUGUESE);
    expect(response.headers.get("content-disposition")).toMatch(/filename=".*-leads-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const { header, rows, cell } = await workbook(response);
    expect(header.slice(0, 5)).toEqual(["ID do lead", "Nome", "E-mail", "Telefone", "Documento (CPF / CNPJ)"]);
    expect(header).toEqual(
      expect.arrayContaining(["CEP", "Status", "Criado em", "Orçamento", "Data do evento", "Aceita WhatsApp?", "Plano"]),
    );
    expect(rows).toHaveLength(1);
    const [row] = rows as [unknown[]];
    expect(cell(row, "Nome")).toBe("Tatiane Gonçalves");
    // Text, so Excel shows neither 5,51E+12 nor a CPF without its leading zero.
    expect(cell(row, "Telefone")).toBe("+55 11 91234-5678");
    expect(cell(row, "Documento (CPF / CNPJ)")).toBe(ZERO_CPF);
    expect(String(cell(row, "Documento (CPF / CNPJ)"))).toMatch(/^0\d{10}$/);
    expect(typeof cell(row, "CEP")).toBe("string");
    expect(cell(row, "Número")).toBe("0100");
    expect(cell(row, "Status")).toBe("Qualificado");
    expect(cell(row, "Link de captura")).toBe("Página de vendas");
    expect(cell(row, "Primeiro contato: origem UTM")).toBe("instagram");
    expect(cell(row, "Orçamento")).toBe(1500.5);
    expect(cell(row, "Aceita WhatsApp?")).toBe("Sim");
    expect(cell(row, "Plano")).toBe("Premium");
    // Dates are dates: a calendar day at midnight, an instant at São Paulo's wall clock.
    expect(cell(row, "Data do evento")).toEqual(new Date(Date.UTC(2026, 11, 18)));
    expect(cell(row, "Data de nascimento")).toEqual(new Date(Date.UTC(1990, 3, 5)));
    expectInstant(cell(row, "Criado em"), Date.UTC(2026, 10, 30, 23, 30));
  });

  it("speaks English to an English viewer, in that viewer's zone", async () => {
    const { header, rows, cell } = await workbook(await download(seeded.owner, seeded.slug, ENGLISH));
    expect(header).toEqual(expect.arrayContaining(["Name", "Telephone", "Postal code", "Status", "Created", "Orçamento"]));
    const [row] = rows as [unknown[]];
    expect(cell(row, "Status")).toBe("Qualified");
    expect(cell(row, "Aceita WhatsApp?")).toBe("Yes");
    expectInstant(cell(row, "Created"), Date.UTC(2026, 10, 30, 21, 30));
  });

  it("holds only the caller's workspace, and refuses strangers and the signed out", async () => {
    const mine = await workbook(await download(seeded.owner, seeded.slug, PORTUGUESE));
    expect(JSON.stringify(mine.rows)).not.toContain("Stranger");
    const theirs = await workbook(await download(seeded.stranger, seeded.otherSlug, PORTUGUESE));
    expect(theirs.rows.map((row) => theirs.cell(row, "Nome"))).toEqual(["Stranger Person"]);
    expect((await download(seeded.stranger, seeded.slug, PORTUGUESE)).status).toBe(404);
    expect((await download(null, seeded.slug, PORTUGUESE)).status).toBe(401);
    const member = await newMember(seeded.workspaceId, "member");
    expect((await workbook(await download(member, seeded.slug, PORTUGUESE))).rows).toHaveLength(1);
  });

  it("answers a bad filter with problem+json, not a 500", async () => {
    const response = await download(seeded.owner, seeded.slug, PORTUGUESE, "format=xlsx&from=ontem");
    expect(response.status).toBe(422);
    expect(response.headers.get("content-type")).toContain("application/problem+json");
    expect(((await response.json()) as { code: string }).code).toBe("validation_failed");
  });

  it("records the export in the audit log with its format", async () => {
    await download(seeded.owner, seeded.slug, PORTUGUESE);
    const entry = await db.current.prisma.auditEntry.findFirst({
      where: { workspaceId: seeded.workspaceId, action: "leads.exported" },
      orderBy: { createdAt: "desc" },
    });
    expect(entry?.details).toMatchObject({ format: "xlsx" });
  });
});

describe("leadlink lead export", () => {
  it("writes the xlsx in the language asked for, and refuses a bad format with a stable code", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "leadlink-xlsx-")), "leads.xlsx");
    const result = await runJson(
      "lead",
      "export",
      "--workspace",
      seeded.slug,
      "--format",
      "xlsx",
      "--language",
      "pt-BR",
      "--time-zone",
      "America/Sao_Paulo",
      "--output",
      file,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(result.body).toMatchObject({ file, format: "xlsx" });
    const [header, row] = (await readSheet(await readFile(file))) as unknown[][];
    const at = (title: string) => row![(header as string[]).indexOf(title)];
    expect(at("Documento (CPF / CNPJ)")).toBe(ZERO_CPF);
    expect(at("Status")).toBe("Qualificado");
    expectInstant(at("Criado em"), Date.UTC(2026, 10, 30, 23, 30));
    const bad = await runJson("lead", "export", "--workspace", seeded.slug, "--format", "pdf", "--output", file);
    expect(bad.code).toBe(1);
    expect(bad.body).toMatchObject({ error: { code: "validation_failed" } });
  });
});

describe("the plain CSV beside it", () => {
  it("keeps English keys, ISO UTC and E.164, and escapes formula-looking cells but not numbers and phones", async () => {
    const link = await createLink(seeded.workspaceId, { name: "Formulas" });
    await lead(link.token, { name: '=HYPERLINK("http://evil.example")', email: "formula@example.com", profession: "-5" });
    const { chunks } = await exportLeads(seeded.workspaceId, { q: "formula" });
    let text = "";
    for await (const chunk of chunks) text += chunk;
    const [header, row] = parseCsv(text);
    const at = (name: string) => row![header!.indexOf(name)];
    expect(header!.slice(0, 4)).toEqual(["id", "name", "email", "telephone"]);
    expect(at("name")).toBe('\'=HYPERLINK("http://evil.example")');
    expect(at("profession")).toBe("-5");
    expect(at("created_at")).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const { chunks: all } = await exportLeads(seeded.workspaceId, { q: "tatiane" });
    let second = "";
    for await (const chunk of all) second += chunk;
    const [head, tatiane] = parseCsv(second);
    expect(tatiane![head!.indexOf("telephone")]).toBe("+5511912345678");
    expect(tatiane![head!.indexOf("status")]).toBe("qualified");
  });
});
