import { Command, CommanderError, InvalidArgumentError } from "commander";
import pg from "pg";
import { closeDatabase, databaseOptionsFromEnv, executorOn, openDatabase, type SqlExecutor, useDatabase } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";
import { AppError } from "@/lib/errors";
import { seedLeads } from "@/lib/leads/seed-leads";
import { createLink } from "@/lib/links/create-link";
import { createWorkspace } from "@/lib/workspaces/create-workspace";
import type { CliIo } from "./cli-io";
import { writeError } from "./cli-output";
import { loadEnvFiles } from "./load-env-files";

const SEED_CONNECTIONS = 2;

export interface SeedResult {
  workspace: string;
  leadsInserted: number;
  seconds: number;
}

function count(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 50_000_000)
    throw new InvalidArgumentError("must be a whole number from 1 to 50000000");
  return Number(value);
}

/** The workspace to seed: the one named, else the only one, else a new "Demo" workspace. */
async function chooseWorkspace(slug: string | undefined): Promise<{ id: string; slug: string }> {
  const { prisma } = await (await import("@/lib/db/client")).getDatabase();
  if (slug !== undefined) {
    const workspace = await prisma.workspace.findUnique({ where: { slug }, select: { id: true, slug: true } });
    if (!workspace) throw new AppError("workspace_not_found", `No workspace has the slug "${slug}".`);
    return workspace;
  }
  const workspaces = await prisma.workspace.findMany({ select: { id: true, slug: true }, orderBy: { slug: "asc" }, take: 50 });
  if (workspaces.length === 1) return workspaces[0]!;
  if (workspaces.length > 1) {
    throw new AppError(
      "workspace_required",
      `Several workspaces exist; choose one with --workspace: ${workspaces.map((w) => w.slug).join(", ")}.`,
    );
  }
  return createWorkspace({ name: "Demo" });
}

async function captureLinkIds(workspaceId: string): Promise<string[]> {
  const { prisma } = await (await import("@/lib/db/client")).getDatabase();
  const links = await prisma.captureLink.findMany({
    where: { workspaceId },
    select: { id: true },
    orderBy: { createdAt: "asc" },
  });
  if (links.length > 0) return links.map((link) => link.id);
  return [(await createLink(workspaceId, { name: "Website" })).id];
}

/**
 * `npm run seed -- --leads N [--workspace SLUG] [--json]`: fills a workspace with N realistic leads through
 * SQL (see lib/leads/seed-leads.ts), for trying the admin at scale and for the benchmark.
 */
export async function runSeed(argv: string[], root: string, io: CliIo): Promise<number> {
  const json = argv.includes("--json");
  const bulk: pg.Client[] = [];
  try {
    loadEnvFiles(root);
    const program = new Command("seed")
      .description("Insert realistic leads into a workspace, fast, through SQL.")
      .requiredOption("--leads <n>", "how many leads to insert", count)
      .option("--workspace <slug>", "the workspace (default: the only one, or a new Demo workspace)")
      .option("--json", "print one JSON object: {workspace, leadsInserted, seconds}")
      .exitOverride()
      .configureOutput({ writeOut: io.stdout, writeErr: () => {} });
    program.parse(argv, { from: "user" });
    const options = program.opts<{ leads: number; workspace?: string }>();

    const started = performance.now();
    // An embedded database a running server holds is reached through that server's engine.
    const fromEnv = databaseOptionsFromEnv();
    const database = await openDatabase(fromEnv.kind === "embedded" ? { ...fromEnv, attach: true } : fromEnv);
    useDatabase(database);
    await migrate(database);
    const workspace = await chooseWorkspace(options.workspace);
    const links = await captureLinkIds(workspace.id);

    // Connections of their own: a batch of 100k leads outlasts the app pool's statement timeout. Two, so that
    // PostgreSQL inserts two batches at once (measured: 1M leads in about half the time of one); the
    // embedded engine runs one statement at a time and takes them in turn.
    const sql: SqlExecutor[] = [];
    for (let i = 0; i < SEED_CONNECTIONS; i++) {
      const client = new pg.Client(database.sessionConnection);
      bulk.push(client);
      await client.connect();
      sql.push(executorOn(client));
    }

    const inserted = await seedLeads(sql, {
      workspaceId: workspace.id,
      captureLinkIds: links,
      leads: options.leads,
      onProgress: (done, total) => io.stderr(`seed: ${done.toLocaleString("en")} / ${total.toLocaleString("en")} leads\n`),
    });
    const result: SeedResult = {
      workspace: workspace.slug,
      leadsInserted: inserted,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
    io.stdout(
      json
        ? `${JSON.stringify(result)}\n`
        : `Inserted ${inserted.toLocaleString("en")} leads into workspace "${workspace.slug}" in ${result.seconds} s.\n`,
    );
    return 0;
  } catch (error) {
    if (error instanceof CommanderError && (error.code === "commander.helpDisplayed" || error.code === "commander.version"))
      return 0;
    if (error instanceof AppError && error.code === "data_dir_in_use") {
      writeError(io, json, new AppError(error.code, `${error.message} Stop the server first, then run the seed again.`));
    } else {
      writeError(io, json, error);
    }
    return 1;
  } finally {
    await Promise.all(bulk.map((client) => client.end().catch(() => {})));
    await closeDatabase().catch(() => {});
  }
}
