-- Issue 26, part 2: a capture link's form settings (DESIGN.md section 12), one JSON document per link.
-- NULL means the defaults (the workspace's language, name + email + telephone, the link's consent requirement),
-- worked out when the document is read, so they follow the link and the workspace until someone saves a form.
ALTER TABLE "capture_links" ADD COLUMN "form" JSONB;
