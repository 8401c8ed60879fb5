import { randomBytes } from "node:crypto";
import autocannon from "autocannon";

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  statusCounts: Record<string, number>;
}

/** An identity posted before the measurement, so that updates find a lead. */
export interface Identity {
  email: string;
  phone: string;
}

const FIRST = ["Ana", "Bruno", "Carla", "Diego", "Elisa", "Fábio", "Gabriela", "Heitor", "Isabela", "João", "Larissa", "Marcos"];
const LAST = ["Silva", "Souza", "Oliveira", "Santos", "Pereira", "Lima", "Costa", "Ferreira", "Almeida", "Ribeiro"];
const SOURCES = ["google", "facebook", "instagram", "newsletter", "linkedin"];
const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;

/** Unique per bench process run and per call: emails and phones no other request uses. */
export function identityFactory(prefix = randomBytes(3).toString("hex")) {
  let next = 0;
  const base = 10_000_000 + Math.floor(Math.random() * 80_000_000);
  return (): Identity => {
    next += 1;
    // 11 9 + 8 digits: a valid Brazilian mobile, different for every request of the run.
    const phone = `119${String((base + next) % 100_000_000).padStart(8, "0")}`;
    return { email: `bench-${prefix}-${next}@example.com`, phone };
  };
}

/**
 * The realistic mix of DESIGN section 6 / issue 4: 60 % new leads, 30 % updates (by email or by phone,
 * in another format), 10 % new leads with custom fields.
 */
export function ingestBody(pool: readonly Identity[], fresh: () => Identity): string {
  const roll = Math.random();
  const utm = { utmSource: pick(SOURCES), utmMedium: "cpc", utmCampaign: `campaign-${Math.floor(Math.random() * 20)}` };
  if (roll < 0.3 && pool.length > 0) {
    const known = pick(pool);
    const byEmail = Math.random() < 0.5;
    return JSON.stringify({
      ...(byEmail
        ? { email: known.email }
        : { telephone: `+55 (${known.phone.slice(0, 2)}) ${known.phone.slice(2, 7)}-${known.phone.slice(7)}` }),
      city: pick(["São Paulo", "Recife", "Curitiba", "Belo Horizonte"]),
      ...utm,
    });
  }
  const person = fresh();
  const body: Record<string, unknown> = {
    name: `${pick(FIRST)} ${pick(LAST)}`,
    email: person.email,
    telephone: person.phone,
    state: pick(["SP", "RJ", "MG", "PE", "PR"]),
    ...utm,
  };
  if (roll >= 0.9)
    body.customFields = { company: `Company ${Math.floor(Math.random() * 1000)}`, employees: Math.floor(Math.random() * 500) };
  return JSON.stringify(body);
}

/** Runs autocannon against one URL for `seconds` at `connections`; bodies come from `body()` per request. */
export async function runLoad(options: {
  url: string;
  seconds: number;
  connections: number;
  body: () => string;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    method: "POST",
    headers: { "content-type": "application/json" },
    requests: [{ setupRequest: (request) => ({ ...request, body: options.body() }) }],
  });
  const statusCounts: Record<string, number> = {};
  for (const [code, count] of Object.entries(result.statusCodeStats ?? {}))
    statusCounts[code] = (count as { count: number }).count;
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    statusCounts,
  };
}
