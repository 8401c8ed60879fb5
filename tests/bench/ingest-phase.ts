import { type Identity, identityFactory, ingestBody, type LoadResult, runLoad } from "./load";
import { type BenchServer, cli } from "./servers";

export interface IngestTarget {
  slug: string;
  workspaceId: string;
  linkId: string;
  token: string;
  pool: Identity[];
}

/** A workspace with a link and the custom fields the mix sends, and identities posted for updates to find. */
export async function prepareIngest(server: BenchServer, poolSize: number, ownerEmail?: string): Promise<IngestTarget> {
  const owner = ownerEmail ? ["--owner", ownerEmail] : [];
  const workspace = await cli<{ id: string; slug: string }>(server, [
    "workspace",
    "create",
    "--name",
    `Bench ${Date.now()}`,
    ...owner,
  ]);
  await cli(server, ["field", "create", "--workspace", workspace.slug, "--name", "company", "--label", "Company"]);
  await cli(server, [
    "field",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "employees",
    "--label",
    "Employees",
    "--type",
    "number",
  ]);
  const link = await cli<{ id: string; token: string }>(server, [
    "link",
    "create",
    "--workspace",
    workspace.slug,
    "--name",
    "Bench",
  ]);
  const fresh = identityFactory();
  const pool = Array.from({ length: poolSize }, fresh);
  const url = `${server.url}/ingest/${link.token}`;
  for (let start = 0; start < pool.length; start += 50) {
    await Promise.all(
      pool.slice(start, start + 50).map(async (person) => {
        // A 503 (the database busy past the pool's wait, on a loaded machine) is tried again, as a sender would.
        for (let attempt = 1; ; attempt += 1) {
          const response = await fetch(url, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({ name: "Pool Lead", email: person.email, telephone: person.phone }),
          });
          // 200 on a retry: the refused attempt was stored after all (see docs/benchmarks-log.md).
          if (response.status === 201 || (attempt > 1 && response.status === 200)) break;
          if (response.status !== 503 || attempt >= 5) throw new Error(`pool lead: ${response.status} ${await response.text()}`);
          await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
        }
      }),
    );
  }
  return { slug: workspace.slug, workspaceId: workspace.id, linkId: link.id, token: link.token, pool };
}

export function measureIngest(
  server: BenchServer,
  target: IngestTarget,
  seconds: number,
  connections: number,
): Promise<LoadResult> {
  const fresh = identityFactory();
  return runLoad({
    url: `${server.url}/ingest/${target.token}`,
    seconds,
    connections,
    body: () => ingestBody(target.pool, fresh),
  });
}

export function measureNoop(server: BenchServer, seconds: number, connections: number): Promise<LoadResult> {
  const fresh = identityFactory();
  return runLoad({ url: `${server.url}/api/bench/noop`, seconds, connections, body: () => ingestBody([], fresh) });
}

/** The floor server (tests/bench/floor-server.mjs) under the same mix, into the same workspace and link. */
export function measureFloor(floorUrl: string, target: IngestTarget, seconds: number, connections: number): Promise<LoadResult> {
  const fresh = identityFactory();
  return runLoad({ url: floorUrl, seconds, connections, body: () => ingestBody(target.pool, fresh) });
}
