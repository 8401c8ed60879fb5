-- Issue 27, part 1 (DESIGN.md section 13): the language and the time zone a workspace's messages are written in.
-- Existing workspaces keep what they were derived from until now: the first owner's language, else Portuguese
-- for a Brazilian workspace, else English; São Paulo's zone for a Brazilian workspace, else UTC.
ALTER TABLE "workspaces" ADD COLUMN "language" TEXT NOT NULL DEFAULT 'en';
ALTER TABLE "workspaces" ADD COLUMN "time_zone" TEXT NOT NULL DEFAULT 'UTC';

UPDATE "workspaces" w SET
  "language" = COALESCE(
    (SELECT u.locale FROM memberships m JOIN users u ON u.id = m.user_id
     WHERE m.workspace_id = w.id AND m.role = 'owner' AND u.locale IN ('en', 'pt-BR')
     ORDER BY m.created_at LIMIT 1),
    CASE WHEN w.country = 'BR' THEN 'pt-BR' ELSE 'en' END),
  "time_zone" = CASE WHEN w.country = 'BR' THEN 'America/Sao_Paulo' ELSE 'UTC' END;
