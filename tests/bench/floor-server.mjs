// The floor (DESIGN.md section 6): the least a hand-written endpoint does to store the same lead durably. A plain
// node:http server with a `pg` pool of 16 that parses the JSON body and runs ONE prepared statement: find the lead
// by email or phone, update it or insert it, and insert a submission row (synchronous commit, PostgreSQL's default).
// No validation beyond JSON, no rate limit, no idempotency, no request log fields, no events. Leadlink's ingest is
// measured against it as `ingest_pg_vs_floor`: the gap is the price of everything else Leadlink does per request.
//
//   FLOOR_DATABASE_URL=postgres://… FLOOR_WORKSPACE_ID=<uuid> FLOOR_LINK_ID=<uuid> node tests/bench/floor-server.mjs
// Prints `listening <port>` once it serves (PORT, default 0: a free port).
import http from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 16 });
const workspaceId = process.env.FLOOR_WORKSPACE_ID;
const linkId = process.env.FLOOR_LINK_ID;

// Writes into Leadlink's own tables (same indexes, the generated search column), in the bench's workspace.
const STATEMENT = `
  WITH found AS (
    SELECT id FROM leads WHERE workspace_id = $1 AND (email = $3 OR phone = $4) LIMIT 1
  ),
  updated AS (
    UPDATE leads SET name = coalesce($5, name), city = coalesce($6, city), state = coalesce($7, state),
      last_utm_source = coalesce($8, last_utm_source), last_utm_medium = coalesce($9, last_utm_medium),
      last_utm_campaign = coalesce($10, last_utm_campaign), updated_at = now()
    WHERE id = (SELECT id FROM found)
    RETURNING id
  ),
  inserted AS (
    INSERT INTO leads (id, workspace_id, capture_link_id, email, phone, name, city, state,
      first_utm_source, first_utm_medium, first_utm_campaign, last_utm_source, last_utm_medium, last_utm_campaign,
      custom_fields)
    SELECT gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $8, $9, $10, $11::jsonb
    WHERE NOT EXISTS (SELECT 1 FROM found)
    ON CONFLICT DO NOTHING
    RETURNING id
  ),
  outcome AS (
    SELECT id, false AS created FROM updated UNION ALL SELECT id, true AS created FROM inserted
  )
  INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, payload)
  SELECT gen_random_uuid(), $1, $2, o.id, CASE WHEN o.created THEN 'created' ELSE 'updated' END::submission_outcome,
    CASE WHEN o.created THEN 201 ELSE 200 END, $12
  FROM outcome o
  RETURNING lead_id, outcome::text`;

const text = (value) => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

/** E.164 digits, Brazil's country code added to a 10- or 11-digit national number (the mix's phones). */
function phoneDigits(value) {
  if (value === undefined || value === null) return null;
  const digits = String(value).replace(/\D/g, "");
  if (digits === "") return null;
  return digits.length <= 11 ? `55${digits}` : digits;
}

function answer(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(json) });
  res.end(json);
}

async function store(raw) {
  let body;
  try {
    body = JSON.parse(raw);
  } catch {
    return [400, { code: "invalid_json" }];
  }
  if (typeof body !== "object" || body === null || Array.isArray(body)) return [400, { code: "body_not_object" }];
  const values = [
    workspaceId,
    linkId,
    text(body.email)?.toLowerCase() ?? null,
    phoneDigits(body.telephone),
    text(body.name),
    text(body.city),
    text(body.state),
    text(body.utmSource),
    text(body.utmMedium),
    text(body.utmCampaign),
    JSON.stringify(body.customFields ?? {}),
    raw,
  ];
  // Two racing requests for one new person: the loser inserted nothing and finds the winner's lead on its retry.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { rows } = await pool.query({ name: "floor-upsert", text: STATEMENT, values });
    if (rows[0])
      return [rows[0].outcome === "created" ? 201 : 200, { leadId: rows[0].lead_id, created: rows[0].outcome === "created" }];
  }
  return [503, { code: "service_unavailable" }];
}

const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
  if (req.method !== "POST") return answer(res, 405, { code: "method_not_allowed" });
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    store(Buffer.concat(chunks).toString("utf8")).then(
      ([status, body]) => answer(res, status, body),
      (error) => answer(res, 503, { code: "service_unavailable", detail: String(error?.message ?? error) }),
    );
  });
});

server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  process.stdout.write(`listening ${server.address().port}\n`);
});

const stop = () => server.close(() => pool.end().then(() => process.exit(0)));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
