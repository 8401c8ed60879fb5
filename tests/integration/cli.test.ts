import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { resetEnv } from "@/lib/env";
import { verifyPassword } from "@/lib/users/password";
import { run, runJson } from "../support/cli-run";
import { useTestDatabase } from "../support/database";

const db = useTestDatabase();

async function expectError(argv: string[], code: string) {
  const result = await runJson(...argv);
  expect(result.code).toBe(1);
  expect(Object.keys(result.body)).toEqual(["error"]);
  expect(result.body.error.code).toBe(code);
  expect(result.body.error.message).toEqual(expect.any(String));
  expect(result.stdout).not.toContain("    at ");
  return result.body.error as { code: string; message: string; errors?: { field: string; code: string; message: string }[] };
}

function uniqueSlug(): string {
  return `ws-${randomBytes(5).toString("hex")}`;
}

async function newWorkspace(): Promise<{ id: string; slug: string; name: string }> {
  const slug = uniqueSlug();
  const { body } = await runJson("workspace", "create", "--name", `Workspace ${slug}`, "--slug", slug);
  return body;
}

async function newLink(slug: string): Promise<{ id: string; token: string; url: string; name: string }> {
  const { body } = await runJson("link", "create", "--workspace", slug, "--name", "Landing page");
  return body;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("migrate", () => {
  it("reports that nothing was left to apply on a migrated database", async () => {
    const { code, body } = await runJson("migrate");
    expect(code).toBe(0);
    expect(body).toEqual({ applied: [], alreadyApplied: expect.any(Number) });
    expect(body.alreadyApplied).toBeGreaterThanOrEqual(1);
  });

  it("says so in words without --json", async () => {
    const result = await run("migrate");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/up to date/);
  });
});

describe("user create", () => {
  it("creates a user with a lower-cased email and an argon2id hash of the password", async () => {
    const email = `Ana.${randomBytes(4).toString("hex")}@Example.com`;
    const { code, body } = await runJson("user", "create", "--email", email, "--password", "s3cret-pass", "--name", "Ana");
    expect(code).toBe(0);
    expect(Object.keys(body).sort()).toEqual(["email", "id", "name"]);
    expect(body).toEqual({ id: expect.stringMatching(UUID), email: email.toLowerCase(), name: "Ana" });
    const stored = await db.current.prisma.user.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(stored.passwordHash, "s3cret-pass")).toBe(true);
  });

  it("prints a null name when none is given", async () => {
    const { body } = await runJson(
      "user",
      "create",
      "--email",
      `${randomBytes(4).toString("hex")}@example.com`,
      "--password",
      "quiet-otter-43",
    );
    expect(body.name).toBeNull();
  });

  it("refuses an email already used, in any case", async () => {
    const email = `dup.${randomBytes(4).toString("hex")}@example.com`;
    await runJson("user", "create", "--email", email, "--password", "quiet-otter-41");
    const error = await expectError(
      ["user", "create", "--email", email.toUpperCase(), "--password", "quiet-otter-42"],
      "email_taken",
    );
    expect(error.errors).toEqual([{ field: "email", code: "taken", message: expect.any(String) }]);
  });

  it("lists every invalid field", async () => {
    const error = await expectError(["user", "create", "--email", "not-an-email", "--password", "short"], "validation_failed");
    expect(error.errors?.map((issue) => issue.field)).toEqual(["email", "password"]);
    expect(error.message).toContain("password must be at least 8 characters");
  });

  it("prints the error on stderr, and nothing on stdout, without --json", async () => {
    const result = await run("user", "create", "--email", "x@example.com", "--password", "short");
    expect(result.code).toBe(1);
    expect(result.stdout).toBe("");
    expect(result.stderr).toBe("error: Invalid user: password must be at least 8 characters.\n");
  });
});

describe("workspace create", () => {
  it("answers exactly id, slug and name, deriving the slug and defaulting the country to BR", async () => {
    const suffix = randomBytes(3).toString("hex");
    const { code, body } = await runJson("workspace", "create", "--name", `Clínica São João ${suffix}`);
    expect(code).toBe(0);
    expect(Object.keys(body).sort()).toEqual(["id", "name", "slug"]);
    expect(body).toEqual({
      id: expect.stringMatching(UUID),
      slug: `clinica-sao-joao-${suffix}`,
      name: `Clínica São João ${suffix}`,
    });
    const stored = await db.current.prisma.workspace.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored.country).toBe("BR");
  });

  it("takes a slug and a country in any case", async () => {
    const slug = uniqueSlug();
    const { body } = await runJson("workspace", "create", "--name", "Acme", "--slug", slug.toUpperCase(), "--country", "us");
    expect(body.slug).toBe(slug);
    expect((await db.current.prisma.workspace.findUniqueOrThrow({ where: { id: body.id } })).country).toBe("US");
  });

  it("refuses a slug that is taken", async () => {
    const { slug } = await newWorkspace();
    const error = await expectError(["workspace", "create", "--name", "Other", "--slug", slug], "slug_taken");
    expect(error.errors).toEqual([{ field: "slug", code: "taken", message: expect.any(String) }]);
  });

  it("refuses a derived slug that is taken", async () => {
    const name = `Same Name ${randomBytes(3).toString("hex")}`;
    await runJson("workspace", "create", "--name", name);
    await expectError(["workspace", "create", "--name", name], "slug_taken");
  });

  it("refuses an invalid slug or country", async () => {
    const slugError = await expectError(["workspace", "create", "--name", "Acme", "--slug", "no spaces"], "validation_failed");
    expect(slugError.errors?.[0]?.field).toBe("slug");
    const countryError = await expectError(["workspace", "create", "--name", "Acme", "--country", "XX"], "validation_failed");
    expect(countryError.errors).toEqual([{ field: "country", code: "invalid_country", message: expect.any(String) }]);
  });

  it("makes an existing user the owner", async () => {
    const email = `owner.${randomBytes(4).toString("hex")}@example.com`;
    const user = (await runJson("user", "create", "--email", email, "--password", "quiet-otter-41")).body;
    const { code, body } = await runJson(
      "workspace",
      "create",
      "--name",
      "Owned",
      "--slug",
      uniqueSlug(),
      "--owner",
      email.toUpperCase(),
    );
    expect(code).toBe(0);
    const memberships = await db.current.prisma.membership.findMany({ where: { workspaceId: body.id } });
    expect(memberships).toEqual([expect.objectContaining({ userId: user.id, role: "owner" })]);
  });

  it("creates nothing when the owner does not exist", async () => {
    const slug = uniqueSlug();
    const error = await expectError(
      ["workspace", "create", "--name", "Orphan", "--slug", slug, "--owner", "nobody@example.com"],
      "user_not_found",
    );
    expect(error.message).toContain("nobody@example.com");
    expect(await db.current.prisma.workspace.count({ where: { slug } })).toBe(0);
  });

  it("says what it created without --json", async () => {
    const slug = uniqueSlug();
    const result = await run("workspace", "create", "--name", "Words", "--slug", slug);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`slug ${slug}`);
    expect(result.stderr).toBe("");
  });
});

describe("link create", () => {
  it("answers exactly id, token, url, name and source; the URL ends with the token", async () => {
    const { slug, id: workspaceId } = await newWorkspace();
    const { code, body } = await runJson("link", "create", "--workspace", slug, "--name", "Spring campaign");
    expect(code).toBe(0);
    // DESIGN.md section 15: link create also answers the link's "source" ("json" unless --source says otherwise).
    expect(Object.keys(body).sort()).toEqual(["id", "name", "source", "token", "url"]);
    expect(body.source).toBe("json");
    expect(body.token).toMatch(/^cl_[0-9A-Za-z]{22}$/);
    expect(body.url).toMatch(new RegExp(`^https?://[^/]+(/.*)?/ingest/${body.token}$`));
    expect(body.name).toBe("Spring campaign");
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored).toMatchObject({ workspaceId, token: body.token, status: "active", allowedOrigins: [], revokedAt: null });
  });

  it("builds the URL from PUBLIC_BASE_URL, else from PORT", async () => {
    const { slug } = await newWorkspace();
    const saved = { PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL, PORT: process.env.PORT };
    try {
      process.env.PUBLIC_BASE_URL = "https://leads.example.com/";
      resetEnv();
      const withBase = (await runJson("link", "create", "--workspace", slug, "--name", "a")).body;
      expect(withBase.url).toBe(`https://leads.example.com/ingest/${withBase.token}`);
      delete process.env.PUBLIC_BASE_URL;
      process.env.PORT = "4321";
      resetEnv();
      const withPort = (await runJson("link", "create", "--workspace", slug, "--name", "b")).body;
      expect(withPort.url).toBe(`http://localhost:4321/ingest/${withPort.token}`);
    } finally {
      for (const [key, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[key];
        else process.env[key] = value;
      }
      resetEnv();
    }
  });

  it("stores allowed origins normalised and without duplicates", async () => {
    const { slug } = await newWorkspace();
    const { body } = await runJson(
      "link",
      "create",
      "--workspace",
      slug,
      "--name",
      "Restricted",
      "--allowed-origin",
      "HTTPS://Example.com:443/landing",
      "--allowed-origin",
      "https://example.com",
      "--allowed-origin",
      "https://*.Example.org",
    );
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored.allowedOrigins).toEqual(["https://example.com", "https://*.example.org"]);
  });

  it("refuses an invalid origin, naming it", async () => {
    const { slug } = await newWorkspace();
    const error = await expectError(
      [
        "link",
        "create",
        "--workspace",
        slug,
        "--name",
        "x",
        "--allowed-origin",
        "https://ok.example",
        "--allowed-origin",
        "example.com",
      ],
      "validation_failed",
    );
    expect(error.errors).toEqual([
      { field: "allowedOrigins.1", code: "invalid_origin", message: expect.stringContaining("example.com") },
    ]);
  });

  it("refuses an unknown workspace", async () => {
    await expectError(["link", "create", "--workspace", "no-such-workspace", "--name", "x"], "workspace_not_found");
  });
});

describe("link revoke", () => {
  it("revokes by id, answering the link with status revoked", async () => {
    const { slug } = await newWorkspace();
    const link = await newLink(slug);
    const { code, body } = await runJson("link", "revoke", "--workspace", slug, "--id", link.id);
    expect(code).toBe(0);
    expect(Object.keys(body).sort()).toEqual(["id", "name", "status", "token", "url"]);
    expect(body).toEqual({ id: link.id, token: link.token, url: link.url, name: link.name, status: "revoked" });
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(stored.status).toBe("revoked");
    expect(stored.revokedAt).toBeInstanceOf(Date);
  });

  it("revokes by token, and revoking again keeps the first revocation time", async () => {
    const { slug } = await newWorkspace();
    const link = await newLink(slug);
    expect((await runJson("link", "revoke", "--workspace", slug, "--id", link.token)).body.status).toBe("revoked");
    const first = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } });
    const again = await runJson("link", "revoke", "--workspace", slug, "--id", link.id);
    expect(again.code).toBe(0);
    const second = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(second.revokedAt).toEqual(first.revokedAt);
  });

  it("does not find a link of another workspace, and leaves it active", async () => {
    const mine = await newWorkspace();
    const theirs = await newWorkspace();
    const link = await newLink(theirs.slug);
    await expectError(["link", "revoke", "--workspace", mine.slug, "--id", link.id], "capture_link_not_found");
    await expectError(["link", "revoke", "--workspace", mine.slug, "--id", link.token], "capture_link_not_found");
    const stored = await db.current.prisma.captureLink.findUniqueOrThrow({ where: { id: link.id } });
    expect(stored.status).toBe("active");
  });

  it("does not find an id that is neither a UUID nor a token", async () => {
    const { slug } = await newWorkspace();
    await expectError(["link", "revoke", "--workspace", slug, "--id", "nonsense"], "capture_link_not_found");
    await expectError(["link", "revoke", "--workspace", slug, "--id", randomUUID()], "capture_link_not_found");
  });
});

describe("field create", () => {
  it("answers exactly id, name, label and type, text by default, and stores the label key", async () => {
    const { slug, id: workspaceId } = await newWorkspace();
    const { code, body } = await runJson("field", "create", "--workspace", slug, "--name", "area", "--label", "Área de Atuação");
    expect(code).toBe(0);
    expect(Object.keys(body).sort()).toEqual(["id", "label", "name", "type"]);
    expect(body).toEqual({ id: expect.stringMatching(UUID), name: "area", label: "Área de Atuação", type: "text" });
    const stored = await db.current.prisma.customField.findUniqueOrThrow({ where: { id: body.id } });
    expect(stored).toMatchObject({ workspaceId, labelKey: "area de atuacao", type: "text", options: [] });
  });

  it("creates a select field with its options", async () => {
    const { slug } = await newWorkspace();
    const { body } = await runJson(
      "field",
      "create",
      "--workspace",
      slug,
      "--name",
      "plan",
      "--label",
      "Plan",
      "--type",
      "select",
      "--option",
      "Basic",
      "--option",
      "Pro",
    );
    expect(body.type).toBe("select");
    expect((await db.current.prisma.customField.findUniqueOrThrow({ where: { id: body.id } })).options).toEqual(["Basic", "Pro"]);
  });

  it.each([
    [["--type", "select"], "options"],
    [["--type", "text", "--option", "a"], "options"],
    [["--type", "color"], "type"],
    [["--type", "select", "--option", "A", "--option", "a"], "options"],
  ])("refuses %j", async (extra, field) => {
    const { slug } = await newWorkspace();
    const error = await expectError(
      ["field", "create", "--workspace", slug, "--name", "f", "--label", "F", ...extra],
      "validation_failed",
    );
    expect(error.errors?.map((issue) => issue.field)).toContain(field);
  });

  it("reports every invalid field at once, even with an unknown type", async () => {
    const { slug } = await newWorkspace();
    const error = await expectError(
      ["field", "create", "--workspace", slug, "--name", "1bad", "--label", " ", "--type", "color"],
      "validation_failed",
    );
    expect(error.errors?.map((issue) => issue.field).sort()).toEqual(["label", "name", "type"]);
  });

  it("refuses a name or a label (in any case or accents) already used in the workspace", async () => {
    const { slug } = await newWorkspace();
    await runJson("field", "create", "--workspace", slug, "--name", "budget", "--label", "Orçamento");
    const name = await expectError(
      ["field", "create", "--workspace", slug, "--name", "budget", "--label", "Other"],
      "validation_failed",
    );
    expect(name.errors).toEqual([{ field: "name", code: "taken", message: expect.any(String) }]);
    const label = await expectError(
      ["field", "create", "--workspace", slug, "--name", "budget2", "--label", "ORCAMENTO"],
      "validation_failed",
    );
    expect(label.errors).toEqual([{ field: "label", code: "taken", message: expect.any(String) }]);
  });

  it("allows the same name and label in another workspace", async () => {
    const first = await newWorkspace();
    const second = await newWorkspace();
    await runJson("field", "create", "--workspace", first.slug, "--name", "budget", "--label", "Budget");
    const { code } = await runJson("field", "create", "--workspace", second.slug, "--name", "budget", "--label", "Budget");
    expect(code).toBe(0);
  });
});

describe("lead list and lead get", () => {
  const LEAD_KEYS = [
    "address",
    "birthday",
    "city",
    "createdAt",
    "customFields",
    "document",
    "email",
    "firstTouch",
    "id",
    "instagram",
    "lastTouch",
    "name",
    "owner",
    "profession",
    "state",
    "status",
    "tags",
    "telephone",
    "updatedAt",
  ];
  let workspace: { id: string; slug: string };
  let other: { id: string; slug: string };
  let linkId: string;
  let fieldIds: { budget: string; plan: string; archived: string };
  let richLeadId: string;

  beforeAll(async () => {
    workspace = await newWorkspace();
    other = await newWorkspace();
    linkId = (await newLink(workspace.slug)).id;
    const field = async (name: string, label: string, type: string, options: string[] = []) =>
      (
        await runJson(
          "field",
          "create",
          "--workspace",
          workspace.slug,
          "--name",
          name,
          "--label",
          label,
          "--type",
          type,
          ...options.flatMap((o) => ["--option", o]),
        )
      ).body.id as string;
    fieldIds = {
      budget: await field("budget", "Budget", "number"),
      plan: await field("plan", "Plan", "select", ["Pro"]),
      archived: await field("old", "Old", "text"),
    };
    await db.current.prisma.customField.update({ where: { id: fieldIds.archived }, data: { archivedAt: new Date() } });

    richLeadId = randomUUID();
    await db.current.prisma.lead.create({
      data: {
        id: richLeadId,
        workspaceId: workspace.id,
        captureLinkId: linkId,
        email: "maria@example.com",
        phone: "5511987654321",
        name: "Maria Silva",
        document: "52998224725",
        profession: "Dentist",
        city: "São Paulo",
        state: "SP",
        instagram: "maria.silva",
        birthday: new Date("1990-05-17"),
        address: { street: "Rua A", zipCode: "01000-000" },
        customFields: { [fieldIds.budget]: 1500, [fieldIds.plan]: "Pro", [fieldIds.archived]: "legacy" },
        firstUtmSource: "google",
        firstUtmMedium: "cpc",
        lastUtmSource: "newsletter",
        lastUtmCampaign: "march",
        createdAt: new Date("2026-01-10T10:00:00.000Z"),
        updatedAt: new Date("2026-01-12T09:00:00.000Z"),
      },
    });
    const submission = (
      id: string,
      receivedAt: string,
      outcome: "created" | "updated",
      payload: string | null,
      warnings: string[],
      leadId = richLeadId,
    ) =>
      db.current.prisma.submission.create({
        data: {
          id,
          workspaceId: workspace.id,
          captureLinkId: linkId,
          leadId,
          outcome,
          status: outcome === "created" ? 201 : 200,
          payload,
          warnings,
          receivedAt: new Date(receivedAt),
        },
      });
    // Inserted out of order: the answer must be oldest first.
    await submission("00000000-0000-4000-8000-000000000002", "2026-01-12T09:00:00.000Z", "updated", "plain text, not JSON", [
      "ignored key: foo",
    ]);
    await submission(
      "00000000-0000-4000-8000-000000000001",
      "2026-01-10T10:00:00.000Z",
      "created",
      '{"email":"maria@example.com","foo":1}',
      [],
    );

    // Two leads created at the same instant: the one with the greater id comes first.
    for (const [id, createdAt] of [
      ["10000000-0000-4000-8000-000000000001", "2026-02-01T00:00:00.000Z"],
      ["10000000-0000-4000-8000-000000000002", "2026-02-01T00:00:00.000Z"],
      ["10000000-0000-4000-8000-000000000003", "2026-01-01T00:00:00.000Z"],
    ] as const) {
      await db.current.prisma.lead.create({
        data: { id, workspaceId: workspace.id, email: `${id.slice(-1)}@example.com`, createdAt: new Date(createdAt) },
      });
    }
    await db.current.prisma.lead.create({ data: { id: randomUUID(), workspaceId: other.id, email: "stranger@example.com" } });
  });

  it("lists the workspace's leads newest first, ties broken by id, without submissions", async () => {
    const { code, body } = await runJson("lead", "list", "--workspace", workspace.slug);
    expect(code).toBe(0);
    expect(body.map((lead: { id: string }) => lead.id)).toEqual([
      "10000000-0000-4000-8000-000000000002",
      "10000000-0000-4000-8000-000000000001",
      richLeadId,
      "10000000-0000-4000-8000-000000000003",
    ]);
    for (const lead of body) expect(Object.keys(lead).sort()).toEqual(LEAD_KEYS);
    expect(body.some((lead: { email: string }) => lead.email === "stranger@example.com")).toBe(false);
  });

  it("serialises a lead with every standard field, both touches and custom fields by name", async () => {
    const { body } = await runJson("lead", "list", "--workspace", workspace.slug);
    const lead = body.find((candidate: { id: string }) => candidate.id === richLeadId);
    expect(lead).toEqual({
      id: richLeadId,
      email: "maria@example.com",
      name: "Maria Silva",
      telephone: "5511987654321",
      document: "52998224725",
      profession: "Dentist",
      city: "São Paulo",
      state: "SP",
      instagram: "maria.silva",
      birthday: "1990-05-17",
      address: { street: "Rua A", zipCode: "01000-000" },
      firstTouch: { utmSource: "google", utmMedium: "cpc", utmCampaign: null, utmContent: null, utmTerm: null },
      lastTouch: { utmSource: "newsletter", utmMedium: null, utmCampaign: "march", utmContent: null, utmTerm: null },
      customFields: { budget: 1500, plan: "Pro", old: "legacy" },
      status: "new",
      owner: null,
      tags: [],
      createdAt: "2026-01-10T10:00:00.000Z",
      updatedAt: "2026-01-12T09:00:00.000Z",
    });
  });

  it("prints null for what a lead does not have", async () => {
    const { body } = await runJson("lead", "list", "--workspace", workspace.slug, "--limit", "1");
    expect(body).toHaveLength(1);
    expect(body[0]).toMatchObject({ name: null, telephone: null, birthday: null, address: {}, customFields: {} });
    expect(body[0].firstTouch).toEqual({ utmSource: null, utmMedium: null, utmCampaign: null, utmContent: null, utmTerm: null });
  });

  it("returns 50 leads by default and takes --limit up to 1000", async () => {
    const busy = await newWorkspace();
    await db.current.prisma.lead.createMany({
      data: Array.from({ length: 55 }, (_, i) => ({
        id: randomUUID(),
        workspaceId: busy.id,
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      })),
    });
    expect((await runJson("lead", "list", "--workspace", busy.slug)).body).toHaveLength(50);
    expect((await runJson("lead", "list", "--workspace", busy.slug, "--limit", "1000")).body).toHaveLength(55);
    for (const limit of ["0", "1001", "abc", "2.5"]) {
      const error = await expectError(["lead", "list", "--workspace", busy.slug, "--limit", limit], "validation_failed");
      expect(error.errors?.[0]?.field).toBe("limit");
    }
  });

  it("prints an empty array for a workspace without leads", async () => {
    const empty = await newWorkspace();
    expect((await runJson("lead", "list", "--workspace", empty.slug)).body).toEqual([]);
  });

  it("gets a lead with its submissions, oldest first, payloads parsed when they are JSON", async () => {
    const { code, body } = await runJson("lead", "get", "--workspace", workspace.slug, "--id", richLeadId);
    expect(code).toBe(0);
    expect(Object.keys(body).sort()).toEqual([...LEAD_KEYS, "submissions"].sort());
    expect(body.customFields).toEqual({ budget: 1500, plan: "Pro", old: "legacy" });
    expect(body.submissions).toEqual([
      {
        id: "00000000-0000-4000-8000-000000000001",
        outcome: "created",
        receivedAt: "2026-01-10T10:00:00.000Z",
        captureLinkId: linkId,
        payload: { email: "maria@example.com", foo: 1 },
        warnings: [],
      },
      {
        id: "00000000-0000-4000-8000-000000000002",
        outcome: "updated",
        receivedAt: "2026-01-12T09:00:00.000Z",
        captureLinkId: linkId,
        payload: "plain text, not JSON",
        warnings: ["ignored key: foo"],
      },
    ]);
  });

  it("shows a renamed field's values under its new name", async () => {
    await db.current.prisma.customField.update({ where: { id: fieldIds.budget }, data: { name: "monthly_budget" } });
    try {
      const { body } = await runJson("lead", "get", "--workspace", workspace.slug, "--id", richLeadId);
      expect(body.customFields).toEqual({ monthly_budget: 1500, plan: "Pro", old: "legacy" });
    } finally {
      await db.current.prisma.customField.update({ where: { id: fieldIds.budget }, data: { name: "budget" } });
    }
  });

  it("does not find a lead of another workspace, nor an id that is not a UUID", async () => {
    await expectError(["lead", "get", "--workspace", other.slug, "--id", richLeadId], "lead_not_found");
    await expectError(["lead", "get", "--workspace", workspace.slug, "--id", "not-a-uuid"], "lead_not_found");
    await expectError(["lead", "get", "--workspace", workspace.slug, "--id", randomUUID()], "lead_not_found");
    await expectError(["lead", "list", "--workspace", "no-such-workspace"], "workspace_not_found");
  });

  it("prints a table and a detail view without --json", async () => {
    const list = await run("lead", "list", "--workspace", workspace.slug);
    expect(list.code).toBe(0);
    expect(list.stdout.split("\n")[0]).toMatch(/^CREATED\s+ID\s+EMAIL\s+TELEPHONE\s+NAME$/);
    expect(list.stdout).toContain("maria@example.com");
    const detail = await run("lead", "get", "--workspace", workspace.slug, "--id", richLeadId);
    expect(detail.stdout).toMatch(/telephone\s+5511987654321/);
    expect(detail.stdout).toContain("utmSource=google");
    expect(detail.stdout).toContain("Submissions (2, oldest first)");
  });
});
