import pg from "pg";
import { MAPPING_PRESETS } from "@/lib/capture/sources/mapping/presets";
import { type IngestTarget, measureIngest } from "./ingest-phase";
import { identityFactory, ingestBody, type LoadResult, runLoad } from "./load";
import { type BenchServer, cli } from "./servers";

/**
 * `ingest_mapping_vs_json` (issue 28): the same mix of leads as ingest's, posted to a second link of the same
 * workspace as Tally's webhook payload and turned back into the lead by the Tally preset's JSONata expression,
 * alternated with plain JSON ingest on the same server: the ratio is what the mapping costs per request.
 */
export interface MappingRounds {
  json: LoadResult[];
  mapping: LoadResult[];
}

/** A section 3 body of the mix as Tally would post it (its FORM_RESPONSE event, tally.so/help/webhooks). */
export function asTallyPayload(json: string): string {
  const lead = JSON.parse(json) as Record<string, any>;
  const field = (key: string, label: string, type: string, value: unknown) =>
    value === undefined ? [] : [{ key, label, type, value }];
  const custom = lead.customFields ?? {};
  return JSON.stringify({
    eventId: "bench",
    eventType: "FORM_RESPONSE",
    createdAt: new Date().toISOString(),
    data: {
      responseId: Math.random().toString(36).slice(2),
      formId: "bench",
      formName: "Bench",
      fields: [
        ...field("question_name", "Full name", "INPUT_TEXT", lead.name),
        ...field("question_email", "Email", "INPUT_EMAIL", lead.email),
        ...field("question_phone", "Phone number", "INPUT_PHONE_NUMBER", lead.telephone),
        ...field("question_company", "Company", "INPUT_TEXT", custom.company),
        ...field("question_employees", "Employees", "INPUT_NUMBER", custom.employees),
        ...field("question_utm_source", "utm_source", "HIDDEN_FIELDS", lead.utmSource),
        ...field("question_utm_medium", "utm_medium", "HIDDEN_FIELDS", lead.utmMedium),
        ...field("question_utm_campaign", "utm_campaign", "HIDDEN_FIELDS", lead.utmCampaign),
      ],
    },
  });
}

/** A second link of the bench's workspace whose source is `mapping`, with the Tally preset (set in the database). */
export async function prepareMappingLink(server: BenchServer, target: IngestTarget, databaseUrl: string): Promise<string> {
  const link = await cli<{ id: string; token: string }>(server, [
    "link",
    "create",
    "--workspace",
    target.slug,
    "--name",
    "Tally",
  ]);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const settings = { preset: "tally", expression: MAPPING_PRESETS.tally.expression, signingSecret: null };
    await client.query("UPDATE capture_links SET source = 'mapping', source_settings = $2::jsonb WHERE id = $1::uuid", [
      link.id,
      JSON.stringify(settings),
    ]);
  } finally {
    await client.end();
  }
  return link.token;
}

/** JSON ingest and mapped ingest alternated, after an unmeasured warm-up of the mapped link. */
export async function mappingRounds(
  server: BenchServer,
  target: IngestTarget,
  token: string,
  plan: { seconds: number; warmup: number; rounds: number; connections: number },
  progress: (message: string) => void,
): Promise<MappingRounds> {
  const measureMapping = (seconds: number) => {
    const fresh = identityFactory();
    return runLoad({
      url: `${server.url}/ingest/${token}`,
      seconds,
      connections: plan.connections,
      body: () => asTallyPayload(ingestBody(target.pool, fresh)),
    });
  };
  await measureMapping(plan.warmup);
  const rounds: MappingRounds = { json: [], mapping: [] };
  for (let round = 1; round <= plan.rounds; round += 1) {
    progress(`PostgreSQL: round ${round}/${plan.rounds}, JSON ingest ${plan.seconds} s`);
    rounds.json.push(await measureIngest(server, target, plan.seconds, plan.connections));
    progress(`PostgreSQL: round ${round}/${plan.rounds}, mapped ingest (Tally preset) ${plan.seconds} s`);
    rounds.mapping.push(await measureMapping(plan.seconds));
  }
  return rounds;
}
