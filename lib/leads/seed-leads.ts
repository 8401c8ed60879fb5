import { randomInt } from "node:crypto";
import { type SqlExecutor, statement } from "@/lib/db/client";

export interface SeedLeadsOptions {
  workspaceId: string;
  /** The workspace's capture links the leads are spread over (at least one). */
  captureLinkIds: string[];
  leads: number;
  batchSize?: number;
  onProgress?: (inserted: number, total: number) => void;
}

const FIRST_NAMES = [
  "Ana",
  "Maria",
  "Juliana",
  "Fernanda",
  "Camila",
  "Beatriz",
  "Larissa",
  "Patrícia",
  "Aline",
  "Letícia",
  "Gabriela",
  "Mariana",
  "Bruna",
  "Amanda",
  "Júlia",
  "Carolina",
  "Vanessa",
  "Renata",
  "Luana",
  "Isabela",
  "João",
  "José",
  "Carlos",
  "Pedro",
  "Lucas",
  "Rafael",
  "Gabriel",
  "Bruno",
  "Felipe",
  "Gustavo",
  "Rodrigo",
  "Thiago",
  "André",
  "Marcelo",
  "Eduardo",
  "Diego",
  "Vinícius",
  "Mateus",
  "Leonardo",
  "Ricardo",
  "Paulo",
  "Fábio",
  "Daniel",
  "Henrique",
  "Otávio",
  "Sérgio",
  "Cláudia",
  "Sônia",
  "Luís",
  "Caio",
];
const LAST_NAMES = [
  "Silva",
  "Santos",
  "Oliveira",
  "Souza",
  "Rodrigues",
  "Ferreira",
  "Alves",
  "Pereira",
  "Lima",
  "Gomes",
  "Costa",
  "Ribeiro",
  "Martins",
  "Carvalho",
  "Almeida",
  "Lopes",
  "Soares",
  "Fernandes",
  "Vieira",
  "Barbosa",
  "Rocha",
  "Dias",
  "Nascimento",
  "Andrade",
  "Moreira",
  "Nunes",
  "Marques",
  "Machado",
  "Mendes",
  "Freitas",
  "Cardoso",
  "Ramos",
  "Gonçalves",
  "Araújo",
  "Teixeira",
  "Moura",
  "Correia",
  "Batista",
  "Pinto",
  "Campos",
  "Monteiro",
  "Conceição",
  "Brandão",
  "Castro",
  "Farias",
  "Cavalcanti",
];
const DOMAINS = [
  "gmail.com",
  "gmail.com",
  "gmail.com",
  "hotmail.com",
  "outlook.com",
  "yahoo.com.br",
  "uol.com.br",
  "icloud.com",
  "bol.com.br",
  "empresa.com.br",
];
const AREA_CODES = ["11", "11", "11", "21", "21", "31", "41", "51", "61", "71", "81", "85", "19", "27", "48", "62", "92"];
const CAMPAIGNS = [
  "black-friday",
  "spring-launch",
  "webinar-vendas",
  "ebook-marketing",
  "retargeting",
  "brand-awareness",
  "lancamento-curso",
  "promo-verao",
  "newsletter-semanal",
  "indique-amigo",
  "feirao",
  "aniversario",
];

function sqlArray(values: string[]): string {
  return `ARRAY[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(",")}]::text[]`;
}

/** Σ digit × weight over the CPF's 9 base digits, weights `first`, first − 1, …: the check digits' sums. */
function checkSum(digits: number, first: number): string {
  return Array.from({ length: digits }, (_, i) => `substr(cpf_base, ${i + 1}, 1)::int * ${first - i}`).join(" + ");
}

/**
 * One batch: leads numbered $3..$4 of this run. Values are drawn per row in SQL, so a batch is one
 * INSERT … SELECT generate_series round trip. Emails and phones are unique by construction within a run
 * (the sequence number is part of the email, and the phone's subscriber number is a permutation of it);
 * a clash with a lead already there is skipped (ON CONFLICT DO NOTHING) and not counted.
 */
const BATCH_SQL = `
WITH params AS (SELECT $1::uuid AS workspace_id, $2::uuid[] AS links, $5::bigint AS salt, $6::bigint AS total),
drawn AS (
  SELECT g, random() AS r_utm, random() AS r_medium, random() AS r_campaign, random() AS r_touch,
    floor(random() * ${FIRST_NAMES.length})::int + 1 AS fi, floor(random() * ${LAST_NAMES.length})::int + 1 AS li,
    floor(random() * ${LAST_NAMES.length})::int + 1 AS li2, floor(random() * ${DOMAINS.length})::int + 1 AS di,
    floor(random() * ${AREA_CODES.length})::int + 1 AS ai, floor(random() * ${CAMPAIGNS.length})::int + 1 AS ci,
    -- Over the last 365 days in the order of the sequence, with some jitter: leads arrive over time, so the
    -- table's physical order follows created_at as it does for leads that came through ingest.
    now() - interval '365 days' * (1 - g::float8 / $6::bigint) - random() * interval '20 minutes' AS created_at,
    random() AS r_updated, random() AS r_doc
  FROM generate_series($3::bigint, $4::bigint) AS g
),
people AS (
  SELECT d.*,
    (${sqlArray(FIRST_NAMES)})[fi] AS first_name,
    (${sqlArray(LAST_NAMES)})[li] || CASE WHEN g % 3 = 0 THEN ' ' || (${sqlArray(LAST_NAMES)})[li2] ELSE '' END AS last_name,
    CASE
      WHEN r_utm < 0.34 THEN 'google' WHEN r_utm < 0.58 THEN 'facebook' WHEN r_utm < 0.76 THEN 'instagram'
      WHEN r_utm < 0.83 THEN 'newsletter' WHEN r_utm < 0.87 THEN 'linkedin' WHEN r_utm < 0.90 THEN 'tiktok'
    END AS utm_source,
    -- The 9 digits a CPF's check digits are computed from; a permutation of the sequence number, so unique.
    lpad(((g * 7919 + p.salt) % 1000000000)::text, 9, '0') AS cpf_base,
    ((g * 104729 + p.salt) % 100000000) AS subscriber
  FROM drawn d CROSS JOIN params p
),
shaped AS (
  SELECT p.*,
    CASE utm_source
      WHEN 'google' THEN CASE WHEN r_medium < 0.8 THEN 'cpc' ELSE 'organic' END
      WHEN 'facebook' THEN CASE WHEN r_medium < 0.7 THEN 'paid-social' ELSE 'social' END
      WHEN 'instagram' THEN CASE WHEN r_medium < 0.6 THEN 'paid-social' ELSE 'social' END
      WHEN 'newsletter' THEN 'email'
      WHEN 'linkedin' THEN 'paid-social'
      WHEN 'tiktok' THEN 'video'
    END AS utm_medium,
    CASE WHEN utm_source IS NOT NULL AND r_campaign < 0.9 THEN (${sqlArray(CAMPAIGNS)})[ci] END AS utm_campaign,
    CASE WHEN r_updated < 0.2 THEN created_at + (now() - created_at) * random() ELSE created_at END AS updated_at,
    -- CPF check digits (mod 11 over weights 10..2, then 11..2).
    ((${checkSum(9, 10)}) * 10 % 11) % 10 AS dv1
  FROM people p
),
rows AS (
  SELECT s.*,
    CASE WHEN g % 20 <> 0
      THEN leadlink_fold(first_name || '.' || split_part(last_name, ' ', 1)) || '.' || $5::bigint || 'x' || g || '@' || (${sqlArray(DOMAINS)})[di] END AS email,
    CASE WHEN g % 10 <> 3
      THEN '55' || (${sqlArray(AREA_CODES)})[ai] || '9' || lpad(subscriber::text, 8, '0') END AS phone,
    CASE WHEN r_doc < 0.3 THEN cpf_base || dv1 || (((${checkSum(9, 11)}) + dv1 * 2) * 10 % 11) % 10 END AS document,
    (SELECT links[1 + (g % array_length(links, 1))::int] FROM params) AS capture_link_id
  FROM shaped s
),
inserted AS (
  INSERT INTO leads (id, workspace_id, capture_link_id, email, phone, name, document,
    first_utm_source, first_utm_medium, first_utm_campaign, last_utm_source, last_utm_medium, last_utm_campaign,
    created_at, updated_at)
  SELECT gen_random_uuid(), (SELECT workspace_id FROM params), capture_link_id, email, phone, first_name || ' ' || last_name, document,
    utm_source, utm_medium, utm_campaign, utm_source, utm_medium, utm_campaign, created_at, updated_at
  FROM rows
  ON CONFLICT DO NOTHING
  RETURNING id, capture_link_id, email, phone, name, document, first_utm_source, first_utm_medium, first_utm_campaign, created_at
),
submitted AS (
  INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, payload,
    utm_source, utm_medium, utm_campaign, received_at)
  SELECT gen_random_uuid(), (SELECT workspace_id FROM params), capture_link_id, id, 'created', 201,
    json_strip_nulls(json_build_object('name', name, 'email', email, 'telephone', phone, 'document', document,
      'utmSource', first_utm_source, 'utmMedium', first_utm_medium, 'utmCampaign', first_utm_campaign))::text,
    first_utm_source, first_utm_medium, first_utm_campaign, created_at
  FROM inserted
),
counted AS (
  INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
  SELECT capture_link_id, 0, count(*), max(created_at) FROM inserted GROUP BY capture_link_id
  ON CONFLICT (capture_link_id, shard)
  DO UPDATE SET accepted = s.accepted + excluded.accepted,
    last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
)
SELECT count(*)::int AS inserted FROM inserted`;

/**
 * Inserts `leads` realistic leads (names, unique emails and E.164 phones, some CPFs, UTM values from a
 * skewed distribution, dates over the last year), each with the accepted submission that created it, and
 * counts them on their links' counters. Plain SQL in batches: a million leads in about a minute, where the
 * ingest API would take hours. Returns how many were inserted.
 */
export async function seedLeads(connections: SqlExecutor | SqlExecutor[], options: SeedLeadsOptions): Promise<number> {
  const sessions = Array.isArray(connections) ? connections : [connections];
  const batchSize = options.batchSize ?? 100_000;
  if (options.captureLinkIds.length === 0) throw new Error("seedLeads needs at least one capture link");
  if (sessions.length === 0) throw new Error("seedLeads needs a connection");
  // Keeps emails and phones of two runs apart, so a second seed adds leads instead of clashing.
  const salt = randomInt(1, 1_000_000_000);
  const batches: [start: number, end: number][] = [];
  for (let start = 1; start <= options.leads; start += batchSize)
    batches.push([start, Math.min(options.leads, start + batchSize - 1)]);

  let inserted = 0;
  let done = 0;
  // Each connection takes the next batch when it is free: with PostgreSQL, batches run in parallel.
  await Promise.all(
    sessions.map(async (sql) => {
      // A batch is recomputable: it need not wait for the disk. A larger pending list for the search index
      // merges its new entries in fewer, bigger steps; it is flushed at the end so searches do not scan it.
      await sql.exec("SET synchronous_commit = off; SET gin_pending_list_limit = '64MB'; SET work_mem = '128MB'");
      for (let batch = batches.shift(); batch; batch = batches.shift()) {
        const [start, end] = batch;
        const [row] = await sql.sql<{ inserted: number }>(
          statement(BATCH_SQL, [options.workspaceId, options.captureLinkIds, start, end, salt, options.leads]),
        );
        inserted += row?.inserted ?? 0;
        done += end - start + 1;
        options.onProgress?.(done, options.leads);
      }
    }),
  );
  const [sql] = sessions as [SqlExecutor];
  // What PostgreSQL's own autovacuum would otherwise start within a minute (a million inserted rows pass its
  // insert threshold) and run for tens of seconds beside the first requests: the vacuum that sets the new
  // rows' hint bits and visibility map (so neither reads nor index-only scans have to), merges the search
  // index's pending list, and fresh statistics (the planner chooses between the search index and the sort
  // indexes by them).
  await sql.exec("VACUUM (ANALYZE) leads, submissions");
  return inserted;
}
