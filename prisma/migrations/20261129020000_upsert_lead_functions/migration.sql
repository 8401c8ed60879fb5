-- Ingest's statement as PL/pgSQL functions, one per variant, for connections through a transaction pooler
-- (DESIGN.md section 17; lib/ingest/upsert-functions.ts). Written by scripts/upsert-functions-migration.ts from
-- the statement lib/ingest/upsert-lead.ts builds: change that, then write a new migration with the script.
CREATE OR REPLACE FUNCTION leadlink_upsert_lead(text[]) RETURNS TABLE (lead_id uuid, created boolean, warnings jsonb) LANGUAGE plpgsql AS $leadlink$
#variable_conflict use_column
BEGIN
  RETURN QUERY /* leadlink:upsert-lead */
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = $1[1]::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = $1[2]::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = $1[3]::uuid AND e.email = $1[4]::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = $1[5]::uuid AND p.phone = $1[6]::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = $1[7]::uuid AND l.phone = $1[8]::text
    ),
    updated AS (
      UPDATE leads l SET
        name = COALESCE($1[9]::text, l.name),
        document = COALESCE($1[10]::text, l.document),
        profession = COALESCE($1[11]::text, l.profession),
        city = COALESCE($1[12]::text, l.city),
        state = COALESCE($1[13]::text, l.state),
        instagram = COALESCE($1[14]::text, l.instagram),
        birthday = COALESCE($1[15]::date, l.birthday),
        address = l.address || $1[16]::jsonb,
        email = COALESCE(l.email, $1[17]::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN $1[18]::text END),
        first_utm_source = CASE WHEN $1[19]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[20]::text ELSE l.first_utm_source END, first_utm_medium = CASE WHEN $1[21]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[22]::text ELSE l.first_utm_medium END,
        first_utm_campaign = CASE WHEN $1[23]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[24]::text ELSE l.first_utm_campaign END, first_utm_content = CASE WHEN $1[25]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[26]::text ELSE l.first_utm_content END,
        first_utm_term = CASE WHEN $1[27]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[28]::text ELSE l.first_utm_term END,
        last_utm_source = CASE WHEN $1[29]::boolean THEN $1[30]::text ELSE l.last_utm_source END, last_utm_medium = CASE WHEN $1[31]::boolean THEN $1[32]::text ELSE l.last_utm_medium END,
        last_utm_campaign = CASE WHEN $1[33]::boolean THEN $1[34]::text ELSE l.last_utm_campaign END, last_utm_content = CASE WHEN $1[35]::boolean THEN $1[36]::text ELSE l.last_utm_content END,
        last_utm_term = CASE WHEN $1[37]::boolean THEN $1[38]::text ELSE l.last_utm_term END,
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term)
      SELECT $1[39]::uuid, $1[40]::uuid, $1[41]::uuid, $1[42]::text, $1[43]::text,
        $1[44]::text, $1[45]::text, $1[46]::text, $1[47]::text,
        $1[48]::text, $1[49]::text, $1[50]::date, $1[51]::jsonb,
        $1[52]::jsonb,
        $1[53]::text, $1[54]::text, $1[55]::text, $1[56]::text, $1[57]::text,
        $1[58]::text, $1[59]::text, $1[60]::text, $1[61]::text, $1[62]::text
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        $1[63]::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[64]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> $1[65]::text)
               THEN $1[66]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> $1[67]::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[68]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND $1[69]::boolean
               THEN $1[70]::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT $1[71]::uuid, $1[72]::uuid, $1[73]::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, $1[74]::text,
        $1[75]::text, $1[76]::text, $1[77]::text, $1[78]::text, $1[79]::text,
        $1[80]::text, $1[81]::text, $1[82]::text, $1[83]::text, $1[84]::text,
        $1[85]::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT $1[86]::uuid, $1[87]::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT $1[88]::uuid, $1[89]::text, $1[90]::text, $1[91]::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND $1[92]::text IS NOT NULL
    )
    SELECT lead_id, created, warnings FROM outcome;
END
$leadlink$;

CREATE OR REPLACE FUNCTION leadlink_upsert_lead_assign(text[]) RETURNS TABLE (lead_id uuid, created boolean, warnings jsonb) LANGUAGE plpgsql AS $leadlink$
#variable_conflict use_column
BEGIN
  RETURN QUERY /* leadlink:upsert-lead-assign */
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = $1[1]::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = $1[2]::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = $1[3]::uuid AND e.email = $1[4]::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = $1[5]::uuid AND p.phone = $1[6]::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = $1[7]::uuid AND l.phone = $1[8]::text
    ),
    rotation AS (
      UPDATE link_rotations r SET last_position = COALESCE(
        (SELECT min(e.position) FROM (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id) e WHERE e.position > r.last_position),
        (SELECT min(e.position) FROM (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id) e))
      WHERE r.capture_link_id = $1[9]::uuid AND NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link) AND EXISTS (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id)
      RETURNING r.last_position
    ),
    assignee AS (
      SELECT a.user_id FROM link_assignees a JOIN rotation r ON a.position = r.last_position
      WHERE a.capture_link_id = $1[10]::uuid
    ),
    updated AS (
      UPDATE leads l SET
        name = COALESCE($1[11]::text, l.name),
        document = COALESCE($1[12]::text, l.document),
        profession = COALESCE($1[13]::text, l.profession),
        city = COALESCE($1[14]::text, l.city),
        state = COALESCE($1[15]::text, l.state),
        instagram = COALESCE($1[16]::text, l.instagram),
        birthday = COALESCE($1[17]::date, l.birthday),
        address = l.address || $1[18]::jsonb,
        email = COALESCE(l.email, $1[19]::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN $1[20]::text END),
        first_utm_source = CASE WHEN $1[21]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[22]::text ELSE l.first_utm_source END, first_utm_medium = CASE WHEN $1[23]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[24]::text ELSE l.first_utm_medium END,
        first_utm_campaign = CASE WHEN $1[25]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[26]::text ELSE l.first_utm_campaign END, first_utm_content = CASE WHEN $1[27]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[28]::text ELSE l.first_utm_content END,
        first_utm_term = CASE WHEN $1[29]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[30]::text ELSE l.first_utm_term END,
        last_utm_source = CASE WHEN $1[31]::boolean THEN $1[32]::text ELSE l.last_utm_source END, last_utm_medium = CASE WHEN $1[33]::boolean THEN $1[34]::text ELSE l.last_utm_medium END,
        last_utm_campaign = CASE WHEN $1[35]::boolean THEN $1[36]::text ELSE l.last_utm_campaign END, last_utm_content = CASE WHEN $1[37]::boolean THEN $1[38]::text ELSE l.last_utm_content END,
        last_utm_term = CASE WHEN $1[39]::boolean THEN $1[40]::text ELSE l.last_utm_term END,
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term, owner_id)
      SELECT $1[41]::uuid, $1[42]::uuid, $1[43]::uuid, $1[44]::text, $1[45]::text,
        $1[46]::text, $1[47]::text, $1[48]::text, $1[49]::text,
        $1[50]::text, $1[51]::text, $1[52]::date, $1[53]::jsonb,
        $1[54]::jsonb,
        $1[55]::text, $1[56]::text, $1[57]::text, $1[58]::text, $1[59]::text,
        $1[60]::text, $1[61]::text, $1[62]::text, $1[63]::text, $1[64]::text, (SELECT user_id FROM assignee)
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        $1[65]::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[66]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> $1[67]::text)
               THEN $1[68]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> $1[69]::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[70]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND $1[71]::boolean
               THEN $1[72]::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT $1[73]::uuid, $1[74]::uuid, $1[75]::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, $1[76]::text,
        $1[77]::text, $1[78]::text, $1[79]::text, $1[80]::text, $1[81]::text,
        $1[82]::text, $1[83]::text, $1[84]::text, $1[85]::text, $1[86]::text,
        $1[87]::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT $1[88]::uuid, $1[89]::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT $1[90]::uuid, $1[91]::text, $1[92]::text, $1[93]::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND $1[94]::text IS NOT NULL
    ),
    assigned_change AS (
      INSERT INTO lead_changes (workspace_id, lead_id, actor_user_id, actor_key_id, field, from_value, to_value)
      SELECT $1[95]::uuid, i.id, NULL, NULL, 'owner', 'null'::jsonb, to_jsonb(a.user_id::text)
      FROM inserted i CROSS JOIN assignee a
    ),
    assigned_event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, capture_link_id, data)
      SELECT gen_random_uuid(), $1[96]::uuid, 'lead.assigned', i.id, $1[97]::uuid,
        jsonb_build_object('lead', i.snapshot,
          'changes', jsonb_build_array(jsonb_build_object('field', 'owner', 'from', 'null'::jsonb, 'to', a.user_id::text)))
      FROM inserted i CROSS JOIN assignee a
    )
    SELECT lead_id, created, warnings FROM outcome;
END
$leadlink$;

CREATE OR REPLACE FUNCTION leadlink_upsert_lead_consent(text[]) RETURNS TABLE (lead_id uuid, created boolean, warnings jsonb) LANGUAGE plpgsql AS $leadlink$
#variable_conflict use_column
BEGIN
  RETURN QUERY /* leadlink:upsert-lead-consent */
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = $1[1]::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = $1[2]::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = $1[3]::uuid AND e.email = $1[4]::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = $1[5]::uuid AND p.phone = $1[6]::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = $1[7]::uuid AND l.phone = $1[8]::text
    ),
    updated AS (
      UPDATE leads l SET
        name = COALESCE($1[9]::text, l.name),
        document = COALESCE($1[10]::text, l.document),
        profession = COALESCE($1[11]::text, l.profession),
        city = COALESCE($1[12]::text, l.city),
        state = COALESCE($1[13]::text, l.state),
        instagram = COALESCE($1[14]::text, l.instagram),
        birthday = COALESCE($1[15]::date, l.birthday),
        address = l.address || $1[16]::jsonb,
        email = COALESCE(l.email, $1[17]::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN $1[18]::text END),
        first_utm_source = CASE WHEN $1[19]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[20]::text ELSE l.first_utm_source END, first_utm_medium = CASE WHEN $1[21]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[22]::text ELSE l.first_utm_medium END,
        first_utm_campaign = CASE WHEN $1[23]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[24]::text ELSE l.first_utm_campaign END, first_utm_content = CASE WHEN $1[25]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[26]::text ELSE l.first_utm_content END,
        first_utm_term = CASE WHEN $1[27]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[28]::text ELSE l.first_utm_term END,
        last_utm_source = CASE WHEN $1[29]::boolean THEN $1[30]::text ELSE l.last_utm_source END, last_utm_medium = CASE WHEN $1[31]::boolean THEN $1[32]::text ELSE l.last_utm_medium END,
        last_utm_campaign = CASE WHEN $1[33]::boolean THEN $1[34]::text ELSE l.last_utm_campaign END, last_utm_content = CASE WHEN $1[35]::boolean THEN $1[36]::text ELSE l.last_utm_content END,
        last_utm_term = CASE WHEN $1[37]::boolean THEN $1[38]::text ELSE l.last_utm_term END,
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term)
      SELECT $1[39]::uuid, $1[40]::uuid, $1[41]::uuid, $1[42]::text, $1[43]::text,
        $1[44]::text, $1[45]::text, $1[46]::text, $1[47]::text,
        $1[48]::text, $1[49]::text, $1[50]::date, $1[51]::jsonb,
        $1[52]::jsonb,
        $1[53]::text, $1[54]::text, $1[55]::text, $1[56]::text, $1[57]::text,
        $1[58]::text, $1[59]::text, $1[60]::text, $1[61]::text, $1[62]::text
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        $1[63]::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[64]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> $1[65]::text)
               THEN $1[66]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> $1[67]::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[68]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND $1[69]::boolean
               THEN $1[70]::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT $1[71]::uuid, $1[72]::uuid, $1[73]::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, $1[74]::text,
        $1[75]::text, $1[76]::text, $1[77]::text, $1[78]::text, $1[79]::text,
        $1[80]::text, $1[81]::text, $1[82]::text, $1[83]::text, $1[84]::text,
        $1[85]::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT $1[86]::uuid, $1[87]::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT $1[88]::uuid, $1[89]::text, $1[90]::text, $1[91]::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND $1[92]::text IS NOT NULL
    ),
    consent AS (
      INSERT INTO consent_records (id, workspace_id, lead_id, submission_id, granted, text, version, legal_basis, purposes,
        ip, user_agent, origin, referer)
      SELECT gen_random_uuid(), $1[93]::uuid, o.lead_id, $1[94]::uuid, $1[95]::boolean,
        $1[96]::text, $1[97]::text, $1[98]::text, $1[99]::text[],
        $1[100]::text, $1[101]::text, $1[102]::text, $1[103]::text
      FROM outcome o WHERE o.lead_id IS NOT NULL
    )
    SELECT lead_id, created, warnings FROM outcome;
END
$leadlink$;

CREATE OR REPLACE FUNCTION leadlink_upsert_lead_consent_assign(text[]) RETURNS TABLE (lead_id uuid, created boolean, warnings jsonb) LANGUAGE plpgsql AS $leadlink$
#variable_conflict use_column
BEGIN
  RETURN QUERY /* leadlink:upsert-lead-consent-assign */
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = $1[1]::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = $1[2]::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = $1[3]::uuid AND e.email = $1[4]::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = $1[5]::uuid AND p.phone = $1[6]::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = $1[7]::uuid AND l.phone = $1[8]::text
    ),
    rotation AS (
      UPDATE link_rotations r SET last_position = COALESCE(
        (SELECT min(e.position) FROM (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id) e WHERE e.position > r.last_position),
        (SELECT min(e.position) FROM (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id) e))
      WHERE r.capture_link_id = $1[9]::uuid AND NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link) AND EXISTS (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id)
      RETURNING r.last_position
    ),
    assignee AS (
      SELECT a.user_id FROM link_assignees a JOIN rotation r ON a.position = r.last_position
      WHERE a.capture_link_id = $1[10]::uuid
    ),
    updated AS (
      UPDATE leads l SET
        name = COALESCE($1[11]::text, l.name),
        document = COALESCE($1[12]::text, l.document),
        profession = COALESCE($1[13]::text, l.profession),
        city = COALESCE($1[14]::text, l.city),
        state = COALESCE($1[15]::text, l.state),
        instagram = COALESCE($1[16]::text, l.instagram),
        birthday = COALESCE($1[17]::date, l.birthday),
        address = l.address || $1[18]::jsonb,
        email = COALESCE(l.email, $1[19]::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN $1[20]::text END),
        first_utm_source = CASE WHEN $1[21]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[22]::text ELSE l.first_utm_source END, first_utm_medium = CASE WHEN $1[23]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[24]::text ELSE l.first_utm_medium END,
        first_utm_campaign = CASE WHEN $1[25]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[26]::text ELSE l.first_utm_campaign END, first_utm_content = CASE WHEN $1[27]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[28]::text ELSE l.first_utm_content END,
        first_utm_term = CASE WHEN $1[29]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[30]::text ELSE l.first_utm_term END,
        last_utm_source = CASE WHEN $1[31]::boolean THEN $1[32]::text ELSE l.last_utm_source END, last_utm_medium = CASE WHEN $1[33]::boolean THEN $1[34]::text ELSE l.last_utm_medium END,
        last_utm_campaign = CASE WHEN $1[35]::boolean THEN $1[36]::text ELSE l.last_utm_campaign END, last_utm_content = CASE WHEN $1[37]::boolean THEN $1[38]::text ELSE l.last_utm_content END,
        last_utm_term = CASE WHEN $1[39]::boolean THEN $1[40]::text ELSE l.last_utm_term END,
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term, owner_id)
      SELECT $1[41]::uuid, $1[42]::uuid, $1[43]::uuid, $1[44]::text, $1[45]::text,
        $1[46]::text, $1[47]::text, $1[48]::text, $1[49]::text,
        $1[50]::text, $1[51]::text, $1[52]::date, $1[53]::jsonb,
        $1[54]::jsonb,
        $1[55]::text, $1[56]::text, $1[57]::text, $1[58]::text, $1[59]::text,
        $1[60]::text, $1[61]::text, $1[62]::text, $1[63]::text, $1[64]::text, (SELECT user_id FROM assignee)
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        $1[65]::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[66]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> $1[67]::text)
               THEN $1[68]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> $1[69]::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[70]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND $1[71]::boolean
               THEN $1[72]::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT $1[73]::uuid, $1[74]::uuid, $1[75]::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, $1[76]::text,
        $1[77]::text, $1[78]::text, $1[79]::text, $1[80]::text, $1[81]::text,
        $1[82]::text, $1[83]::text, $1[84]::text, $1[85]::text, $1[86]::text,
        $1[87]::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT $1[88]::uuid, $1[89]::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT $1[90]::uuid, $1[91]::text, $1[92]::text, $1[93]::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND $1[94]::text IS NOT NULL
    ),
    assigned_change AS (
      INSERT INTO lead_changes (workspace_id, lead_id, actor_user_id, actor_key_id, field, from_value, to_value)
      SELECT $1[95]::uuid, i.id, NULL, NULL, 'owner', 'null'::jsonb, to_jsonb(a.user_id::text)
      FROM inserted i CROSS JOIN assignee a
    ),
    assigned_event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, capture_link_id, data)
      SELECT gen_random_uuid(), $1[96]::uuid, 'lead.assigned', i.id, $1[97]::uuid,
        jsonb_build_object('lead', i.snapshot,
          'changes', jsonb_build_array(jsonb_build_object('field', 'owner', 'from', 'null'::jsonb, 'to', a.user_id::text)))
      FROM inserted i CROSS JOIN assignee a
    ),
    consent AS (
      INSERT INTO consent_records (id, workspace_id, lead_id, submission_id, granted, text, version, legal_basis, purposes,
        ip, user_agent, origin, referer)
      SELECT gen_random_uuid(), $1[98]::uuid, o.lead_id, $1[99]::uuid, $1[100]::boolean,
        $1[101]::text, $1[102]::text, $1[103]::text, $1[104]::text[],
        $1[105]::text, $1[106]::text, $1[107]::text, $1[108]::text
      FROM outcome o WHERE o.lead_id IS NOT NULL
    )
    SELECT lead_id, created, warnings FROM outcome;
END
$leadlink$;

CREATE OR REPLACE FUNCTION leadlink_upsert_lead_event(text[]) RETURNS TABLE (lead_id uuid, created boolean, warnings jsonb) LANGUAGE plpgsql AS $leadlink$
#variable_conflict use_column
BEGIN
  RETURN QUERY /* leadlink:upsert-lead-event */
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = $1[1]::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = $1[2]::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = $1[3]::uuid AND e.email = $1[4]::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = $1[5]::uuid AND p.phone = $1[6]::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = $1[7]::uuid AND l.phone = $1[8]::text
    ),
    updated AS (
      UPDATE leads l SET
        name = COALESCE($1[9]::text, l.name),
        document = COALESCE($1[10]::text, l.document),
        profession = COALESCE($1[11]::text, l.profession),
        city = COALESCE($1[12]::text, l.city),
        state = COALESCE($1[13]::text, l.state),
        instagram = COALESCE($1[14]::text, l.instagram),
        birthday = COALESCE($1[15]::date, l.birthday),
        address = l.address || $1[16]::jsonb,
        email = COALESCE(l.email, $1[17]::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN $1[18]::text END),
        first_utm_source = CASE WHEN $1[19]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[20]::text ELSE l.first_utm_source END, first_utm_medium = CASE WHEN $1[21]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[22]::text ELSE l.first_utm_medium END,
        first_utm_campaign = CASE WHEN $1[23]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[24]::text ELSE l.first_utm_campaign END, first_utm_content = CASE WHEN $1[25]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[26]::text ELSE l.first_utm_content END,
        first_utm_term = CASE WHEN $1[27]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[28]::text ELSE l.first_utm_term END,
        last_utm_source = CASE WHEN $1[29]::boolean THEN $1[30]::text ELSE l.last_utm_source END, last_utm_medium = CASE WHEN $1[31]::boolean THEN $1[32]::text ELSE l.last_utm_medium END,
        last_utm_campaign = CASE WHEN $1[33]::boolean THEN $1[34]::text ELSE l.last_utm_campaign END, last_utm_content = CASE WHEN $1[35]::boolean THEN $1[36]::text ELSE l.last_utm_content END,
        last_utm_term = CASE WHEN $1[37]::boolean THEN $1[38]::text ELSE l.last_utm_term END,
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term)
      SELECT $1[39]::uuid, $1[40]::uuid, $1[41]::uuid, $1[42]::text, $1[43]::text,
        $1[44]::text, $1[45]::text, $1[46]::text, $1[47]::text,
        $1[48]::text, $1[49]::text, $1[50]::date, $1[51]::jsonb,
        $1[52]::jsonb,
        $1[53]::text, $1[54]::text, $1[55]::text, $1[56]::text, $1[57]::text,
        $1[58]::text, $1[59]::text, $1[60]::text, $1[61]::text, $1[62]::text
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        $1[63]::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[64]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> $1[65]::text)
               THEN $1[66]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> $1[67]::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[68]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND $1[69]::boolean
               THEN $1[70]::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT $1[71]::uuid, $1[72]::uuid, $1[73]::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, $1[74]::text,
        $1[75]::text, $1[76]::text, $1[77]::text, $1[78]::text, $1[79]::text,
        $1[80]::text, $1[81]::text, $1[82]::text, $1[83]::text, $1[84]::text,
        $1[85]::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT $1[86]::uuid, $1[87]::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT $1[88]::uuid, $1[89]::text, $1[90]::text, $1[91]::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND $1[92]::text IS NOT NULL
    ),
    event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, submission_id, capture_link_id, data)
      SELECT gen_random_uuid(), $1[93]::uuid, CASE WHEN o.created THEN 'lead.created' ELSE 'lead.updated' END,
        o.lead_id, $1[94]::uuid, $1[95]::uuid,
        jsonb_build_object('lead', COALESCE((SELECT snapshot FROM updated), (SELECT snapshot FROM inserted)))
      FROM outcome o
      WHERE o.lead_id IS NOT NULL
    )
    SELECT lead_id, created, warnings FROM outcome;
END
$leadlink$;

CREATE OR REPLACE FUNCTION leadlink_upsert_lead_event_assign(text[]) RETURNS TABLE (lead_id uuid, created boolean, warnings jsonb) LANGUAGE plpgsql AS $leadlink$
#variable_conflict use_column
BEGIN
  RETURN QUERY /* leadlink:upsert-lead-event-assign */
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = $1[1]::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = $1[2]::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = $1[3]::uuid AND e.email = $1[4]::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = $1[5]::uuid AND p.phone = $1[6]::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = $1[7]::uuid AND l.phone = $1[8]::text
    ),
    rotation AS (
      UPDATE link_rotations r SET last_position = COALESCE(
        (SELECT min(e.position) FROM (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id) e WHERE e.position > r.last_position),
        (SELECT min(e.position) FROM (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id) e))
      WHERE r.capture_link_id = $1[9]::uuid AND NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link) AND EXISTS (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id)
      RETURNING r.last_position
    ),
    assignee AS (
      SELECT a.user_id FROM link_assignees a JOIN rotation r ON a.position = r.last_position
      WHERE a.capture_link_id = $1[10]::uuid
    ),
    updated AS (
      UPDATE leads l SET
        name = COALESCE($1[11]::text, l.name),
        document = COALESCE($1[12]::text, l.document),
        profession = COALESCE($1[13]::text, l.profession),
        city = COALESCE($1[14]::text, l.city),
        state = COALESCE($1[15]::text, l.state),
        instagram = COALESCE($1[16]::text, l.instagram),
        birthday = COALESCE($1[17]::date, l.birthday),
        address = l.address || $1[18]::jsonb,
        email = COALESCE(l.email, $1[19]::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN $1[20]::text END),
        first_utm_source = CASE WHEN $1[21]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[22]::text ELSE l.first_utm_source END, first_utm_medium = CASE WHEN $1[23]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[24]::text ELSE l.first_utm_medium END,
        first_utm_campaign = CASE WHEN $1[25]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[26]::text ELSE l.first_utm_campaign END, first_utm_content = CASE WHEN $1[27]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[28]::text ELSE l.first_utm_content END,
        first_utm_term = CASE WHEN $1[29]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[30]::text ELSE l.first_utm_term END,
        last_utm_source = CASE WHEN $1[31]::boolean THEN $1[32]::text ELSE l.last_utm_source END, last_utm_medium = CASE WHEN $1[33]::boolean THEN $1[34]::text ELSE l.last_utm_medium END,
        last_utm_campaign = CASE WHEN $1[35]::boolean THEN $1[36]::text ELSE l.last_utm_campaign END, last_utm_content = CASE WHEN $1[37]::boolean THEN $1[38]::text ELSE l.last_utm_content END,
        last_utm_term = CASE WHEN $1[39]::boolean THEN $1[40]::text ELSE l.last_utm_term END,
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term, owner_id)
      SELECT $1[41]::uuid, $1[42]::uuid, $1[43]::uuid, $1[44]::text, $1[45]::text,
        $1[46]::text, $1[47]::text, $1[48]::text, $1[49]::text,
        $1[50]::text, $1[51]::text, $1[52]::date, $1[53]::jsonb,
        $1[54]::jsonb,
        $1[55]::text, $1[56]::text, $1[57]::text, $1[58]::text, $1[59]::text,
        $1[60]::text, $1[61]::text, $1[62]::text, $1[63]::text, $1[64]::text, (SELECT user_id FROM assignee)
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        $1[65]::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[66]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> $1[67]::text)
               THEN $1[68]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> $1[69]::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[70]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND $1[71]::boolean
               THEN $1[72]::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT $1[73]::uuid, $1[74]::uuid, $1[75]::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, $1[76]::text,
        $1[77]::text, $1[78]::text, $1[79]::text, $1[80]::text, $1[81]::text,
        $1[82]::text, $1[83]::text, $1[84]::text, $1[85]::text, $1[86]::text,
        $1[87]::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT $1[88]::uuid, $1[89]::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT $1[90]::uuid, $1[91]::text, $1[92]::text, $1[93]::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND $1[94]::text IS NOT NULL
    ),
    event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, submission_id, capture_link_id, data)
      SELECT gen_random_uuid(), $1[95]::uuid, CASE WHEN o.created THEN 'lead.created' ELSE 'lead.updated' END,
        o.lead_id, $1[96]::uuid, $1[97]::uuid,
        jsonb_build_object('lead', COALESCE((SELECT snapshot FROM updated), (SELECT snapshot FROM inserted)))
      FROM outcome o
      WHERE o.lead_id IS NOT NULL
    ),
    assigned_change AS (
      INSERT INTO lead_changes (workspace_id, lead_id, actor_user_id, actor_key_id, field, from_value, to_value)
      SELECT $1[98]::uuid, i.id, NULL, NULL, 'owner', 'null'::jsonb, to_jsonb(a.user_id::text)
      FROM inserted i CROSS JOIN assignee a
    ),
    assigned_event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, capture_link_id, data)
      SELECT gen_random_uuid(), $1[99]::uuid, 'lead.assigned', i.id, $1[100]::uuid,
        jsonb_build_object('lead', i.snapshot,
          'changes', jsonb_build_array(jsonb_build_object('field', 'owner', 'from', 'null'::jsonb, 'to', a.user_id::text)))
      FROM inserted i CROSS JOIN assignee a
    )
    SELECT lead_id, created, warnings FROM outcome;
END
$leadlink$;

CREATE OR REPLACE FUNCTION leadlink_upsert_lead_event_consent(text[]) RETURNS TABLE (lead_id uuid, created boolean, warnings jsonb) LANGUAGE plpgsql AS $leadlink$
#variable_conflict use_column
BEGIN
  RETURN QUERY /* leadlink:upsert-lead-event-consent */
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = $1[1]::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = $1[2]::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = $1[3]::uuid AND e.email = $1[4]::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = $1[5]::uuid AND p.phone = $1[6]::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = $1[7]::uuid AND l.phone = $1[8]::text
    ),
    updated AS (
      UPDATE leads l SET
        name = COALESCE($1[9]::text, l.name),
        document = COALESCE($1[10]::text, l.document),
        profession = COALESCE($1[11]::text, l.profession),
        city = COALESCE($1[12]::text, l.city),
        state = COALESCE($1[13]::text, l.state),
        instagram = COALESCE($1[14]::text, l.instagram),
        birthday = COALESCE($1[15]::date, l.birthday),
        address = l.address || $1[16]::jsonb,
        email = COALESCE(l.email, $1[17]::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN $1[18]::text END),
        first_utm_source = CASE WHEN $1[19]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[20]::text ELSE l.first_utm_source END, first_utm_medium = CASE WHEN $1[21]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[22]::text ELSE l.first_utm_medium END,
        first_utm_campaign = CASE WHEN $1[23]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[24]::text ELSE l.first_utm_campaign END, first_utm_content = CASE WHEN $1[25]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[26]::text ELSE l.first_utm_content END,
        first_utm_term = CASE WHEN $1[27]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[28]::text ELSE l.first_utm_term END,
        last_utm_source = CASE WHEN $1[29]::boolean THEN $1[30]::text ELSE l.last_utm_source END, last_utm_medium = CASE WHEN $1[31]::boolean THEN $1[32]::text ELSE l.last_utm_medium END,
        last_utm_campaign = CASE WHEN $1[33]::boolean THEN $1[34]::text ELSE l.last_utm_campaign END, last_utm_content = CASE WHEN $1[35]::boolean THEN $1[36]::text ELSE l.last_utm_content END,
        last_utm_term = CASE WHEN $1[37]::boolean THEN $1[38]::text ELSE l.last_utm_term END,
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term)
      SELECT $1[39]::uuid, $1[40]::uuid, $1[41]::uuid, $1[42]::text, $1[43]::text,
        $1[44]::text, $1[45]::text, $1[46]::text, $1[47]::text,
        $1[48]::text, $1[49]::text, $1[50]::date, $1[51]::jsonb,
        $1[52]::jsonb,
        $1[53]::text, $1[54]::text, $1[55]::text, $1[56]::text, $1[57]::text,
        $1[58]::text, $1[59]::text, $1[60]::text, $1[61]::text, $1[62]::text
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        $1[63]::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[64]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> $1[65]::text)
               THEN $1[66]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> $1[67]::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[68]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND $1[69]::boolean
               THEN $1[70]::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT $1[71]::uuid, $1[72]::uuid, $1[73]::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, $1[74]::text,
        $1[75]::text, $1[76]::text, $1[77]::text, $1[78]::text, $1[79]::text,
        $1[80]::text, $1[81]::text, $1[82]::text, $1[83]::text, $1[84]::text,
        $1[85]::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT $1[86]::uuid, $1[87]::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT $1[88]::uuid, $1[89]::text, $1[90]::text, $1[91]::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND $1[92]::text IS NOT NULL
    ),
    event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, submission_id, capture_link_id, data)
      SELECT gen_random_uuid(), $1[93]::uuid, CASE WHEN o.created THEN 'lead.created' ELSE 'lead.updated' END,
        o.lead_id, $1[94]::uuid, $1[95]::uuid,
        jsonb_build_object('lead', COALESCE((SELECT snapshot FROM updated), (SELECT snapshot FROM inserted)))
      FROM outcome o
      WHERE o.lead_id IS NOT NULL
    ),
    consent AS (
      INSERT INTO consent_records (id, workspace_id, lead_id, submission_id, granted, text, version, legal_basis, purposes,
        ip, user_agent, origin, referer)
      SELECT gen_random_uuid(), $1[96]::uuid, o.lead_id, $1[97]::uuid, $1[98]::boolean,
        $1[99]::text, $1[100]::text, $1[101]::text, $1[102]::text[],
        $1[103]::text, $1[104]::text, $1[105]::text, $1[106]::text
      FROM outcome o WHERE o.lead_id IS NOT NULL
    )
    SELECT lead_id, created, warnings FROM outcome;
END
$leadlink$;

CREATE OR REPLACE FUNCTION leadlink_upsert_lead_event_consent_assign(text[]) RETURNS TABLE (lead_id uuid, created boolean, warnings jsonb) LANGUAGE plpgsql AS $leadlink$
#variable_conflict use_column
BEGIN
  RETURN QUERY /* leadlink:upsert-lead-event-consent-assign */
    WITH
    link AS (
      SELECT id FROM capture_links WHERE id = $1[1]::uuid AND status = 'active'
    ),
    match AS (
      -- The email's lead wins over the phone's when they are two different leads: COALESCE takes it
      -- first. Two probes, each by all the columns of a unique index, then the row by id: no bitmap OR and
      -- no sort (EXPLAIN ANALYZE 0.094 -> 0.041 ms). The plan is prepared once per connection, so it needs
      -- statistics: see lib/db/embedded-maintenance.ts for the embedded database, which has no autovacuum.
      SELECT l.id, l.email AS old_email, l.phone AS old_phone, (l.email = $1[2]::text) IS TRUE AS by_email
      FROM leads l
      WHERE l.id = COALESCE(
        (SELECT e.id FROM leads e WHERE e.workspace_id = $1[3]::uuid AND e.email = $1[4]::text),
        (SELECT p.id FROM leads p WHERE p.workspace_id = $1[5]::uuid AND p.phone = $1[6]::text)
      )
      FOR UPDATE
    ),
    phone_owner AS (
      SELECT l.id FROM leads l WHERE l.workspace_id = $1[7]::uuid AND l.phone = $1[8]::text
    ),
    rotation AS (
      UPDATE link_rotations r SET last_position = COALESCE(
        (SELECT min(e.position) FROM (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id) e WHERE e.position > r.last_position),
        (SELECT min(e.position) FROM (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id) e))
      WHERE r.capture_link_id = $1[9]::uuid AND NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link) AND EXISTS (
    SELECT a.position FROM link_assignees a
    JOIN memberships m ON m.workspace_id = a.workspace_id AND m.user_id = a.user_id AND NOT m.away
    WHERE a.capture_link_id = r.capture_link_id)
      RETURNING r.last_position
    ),
    assignee AS (
      SELECT a.user_id FROM link_assignees a JOIN rotation r ON a.position = r.last_position
      WHERE a.capture_link_id = $1[10]::uuid
    ),
    updated AS (
      UPDATE leads l SET
        name = COALESCE($1[11]::text, l.name),
        document = COALESCE($1[12]::text, l.document),
        profession = COALESCE($1[13]::text, l.profession),
        city = COALESCE($1[14]::text, l.city),
        state = COALESCE($1[15]::text, l.state),
        instagram = COALESCE($1[16]::text, l.instagram),
        birthday = COALESCE($1[17]::date, l.birthday),
        address = l.address || $1[18]::jsonb,
        email = COALESCE(l.email, $1[19]::text),
        phone = COALESCE(l.phone, CASE WHEN NOT EXISTS (SELECT 1 FROM phone_owner) THEN $1[20]::text END),
        first_utm_source = CASE WHEN $1[21]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[22]::text ELSE l.first_utm_source END, first_utm_medium = CASE WHEN $1[23]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[24]::text ELSE l.first_utm_medium END,
        first_utm_campaign = CASE WHEN $1[25]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[26]::text ELSE l.first_utm_campaign END, first_utm_content = CASE WHEN $1[27]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[28]::text ELSE l.first_utm_content END,
        first_utm_term = CASE WHEN $1[29]::boolean AND num_nonnulls(l.first_utm_source, l.first_utm_medium, l.first_utm_campaign, l.first_utm_content, l.first_utm_term) = 0 THEN $1[30]::text ELSE l.first_utm_term END,
        last_utm_source = CASE WHEN $1[31]::boolean THEN $1[32]::text ELSE l.last_utm_source END, last_utm_medium = CASE WHEN $1[33]::boolean THEN $1[34]::text ELSE l.last_utm_medium END,
        last_utm_campaign = CASE WHEN $1[35]::boolean THEN $1[36]::text ELSE l.last_utm_campaign END, last_utm_content = CASE WHEN $1[37]::boolean THEN $1[38]::text ELSE l.last_utm_content END,
        last_utm_term = CASE WHEN $1[39]::boolean THEN $1[40]::text ELSE l.last_utm_term END,
        updated_at = now()
      FROM match m
      WHERE l.id = m.id AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    inserted AS (
      INSERT INTO leads AS l (id, workspace_id, capture_link_id, email, phone, name, document, profession, city, state,
        instagram, birthday, address, custom_fields,
        first_utm_source, first_utm_medium, first_utm_campaign, first_utm_content, first_utm_term,
        last_utm_source, last_utm_medium, last_utm_campaign, last_utm_content, last_utm_term, owner_id)
      SELECT $1[41]::uuid, $1[42]::uuid, $1[43]::uuid, $1[44]::text, $1[45]::text,
        $1[46]::text, $1[47]::text, $1[48]::text, $1[49]::text,
        $1[50]::text, $1[51]::text, $1[52]::date, $1[53]::jsonb,
        $1[54]::jsonb,
        $1[55]::text, $1[56]::text, $1[57]::text, $1[58]::text, $1[59]::text,
        $1[60]::text, $1[61]::text, $1[62]::text, $1[63]::text, $1[64]::text, (SELECT user_id FROM assignee)
      WHERE NOT EXISTS (SELECT 1 FROM match) AND EXISTS (SELECT 1 FROM link)
      RETURNING l.id, jsonb_build_object('id', l.id, 'workspaceId', l.workspace_id, 'email', l.email, 'phone', l.phone, 'name', l.name, 'document', l.document, 'profession', l.profession, 'city', l.city, 'state', l.state, 'instagram', l.instagram, 'birthday', l.birthday, 'address', l.address, 'customFields', l.custom_fields, 'firstUtmSource', l.first_utm_source, 'firstUtmMedium', l.first_utm_medium, 'firstUtmCampaign', l.first_utm_campaign, 'firstUtmContent', l.first_utm_content, 'firstUtmTerm', l.first_utm_term, 'lastUtmSource', l.last_utm_source, 'lastUtmMedium', l.last_utm_medium, 'lastUtmCampaign', l.last_utm_campaign, 'lastUtmContent', l.last_utm_content, 'lastUtmTerm', l.last_utm_term, 'status', l.status, 'tags', l.tags, 'createdAt', l.created_at, 'updatedAt', l.updated_at, 'owner', (SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = l.owner_id)) AS snapshot
    ),
    outcome AS (
      SELECT
        COALESCE((SELECT id FROM updated), (SELECT id FROM inserted)) AS lead_id,
        EXISTS (SELECT 1 FROM inserted) AS created,
        $1[65]::jsonb
          || CASE WHEN EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[66]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_email <> $1[67]::text)
               THEN $1[68]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND EXISTS (SELECT 1 FROM match m WHERE m.old_phone <> $1[69]::text)
                    AND NOT EXISTS (SELECT 1 FROM match m WHERE m.by_email AND EXISTS (SELECT 1 FROM phone_owner p WHERE p.id <> m.id))
               THEN $1[70]::jsonb ELSE '[]'::jsonb END
          || CASE WHEN EXISTS (SELECT 1 FROM updated) AND $1[71]::boolean
               THEN $1[72]::jsonb ELSE '[]'::jsonb END
          AS warnings
    ),
    submission AS (
      INSERT INTO submissions (id, workspace_id, capture_link_id, lead_id, outcome, status, warnings, payload,
        ip, user_agent, origin, referer, idempotency_key, utm_source, utm_medium, utm_campaign, utm_content, utm_term, source_data)
      SELECT $1[73]::uuid, $1[74]::uuid, $1[75]::uuid, o.lead_id,
        (CASE WHEN o.created THEN 'created' ELSE 'updated' END)::submission_outcome,
        CASE WHEN o.created THEN 201 ELSE 200 END, o.warnings, $1[76]::text,
        $1[77]::text, $1[78]::text, $1[79]::text, $1[80]::text, $1[81]::text,
        $1[82]::text, $1[83]::text, $1[84]::text, $1[85]::text, $1[86]::text,
        $1[87]::jsonb
      FROM outcome o WHERE o.lead_id IS NOT NULL
      RETURNING id
    ),
    stats AS (
      INSERT INTO capture_link_stats AS s (capture_link_id, shard, accepted, last_received_at)
      SELECT $1[88]::uuid, $1[89]::smallint, 1, now() FROM outcome WHERE lead_id IS NOT NULL
      ON CONFLICT (capture_link_id, shard)
      DO UPDATE SET accepted = s.accepted + 1, last_received_at = GREATEST(s.last_received_at, excluded.last_received_at)
    ),
    idempotency AS (
      INSERT INTO idempotency_keys (capture_link_id, key, request_hash, submission_id)
      SELECT $1[90]::uuid, $1[91]::text, $1[92]::text, $1[93]::uuid
      FROM outcome WHERE lead_id IS NOT NULL AND $1[94]::text IS NOT NULL
    ),
    event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, submission_id, capture_link_id, data)
      SELECT gen_random_uuid(), $1[95]::uuid, CASE WHEN o.created THEN 'lead.created' ELSE 'lead.updated' END,
        o.lead_id, $1[96]::uuid, $1[97]::uuid,
        jsonb_build_object('lead', COALESCE((SELECT snapshot FROM updated), (SELECT snapshot FROM inserted)))
      FROM outcome o
      WHERE o.lead_id IS NOT NULL
    ),
    assigned_change AS (
      INSERT INTO lead_changes (workspace_id, lead_id, actor_user_id, actor_key_id, field, from_value, to_value)
      SELECT $1[98]::uuid, i.id, NULL, NULL, 'owner', 'null'::jsonb, to_jsonb(a.user_id::text)
      FROM inserted i CROSS JOIN assignee a
    ),
    assigned_event AS (
      INSERT INTO events (id, workspace_id, type, lead_id, capture_link_id, data)
      SELECT gen_random_uuid(), $1[99]::uuid, 'lead.assigned', i.id, $1[100]::uuid,
        jsonb_build_object('lead', i.snapshot,
          'changes', jsonb_build_array(jsonb_build_object('field', 'owner', 'from', 'null'::jsonb, 'to', a.user_id::text)))
      FROM inserted i CROSS JOIN assignee a
    ),
    consent AS (
      INSERT INTO consent_records (id, workspace_id, lead_id, submission_id, granted, text, version, legal_basis, purposes,
        ip, user_agent, origin, referer)
      SELECT gen_random_uuid(), $1[101]::uuid, o.lead_id, $1[102]::uuid, $1[103]::boolean,
        $1[104]::text, $1[105]::text, $1[106]::text, $1[107]::text[],
        $1[108]::text, $1[109]::text, $1[110]::text, $1[111]::text
      FROM outcome o WHERE o.lead_id IS NOT NULL
    )
    SELECT lead_id, created, warnings FROM outcome;
END
$leadlink$;
