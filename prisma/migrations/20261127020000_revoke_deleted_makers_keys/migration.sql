-- An API key acts with its maker's current rights at most (lib/api-keys/api-key-rights.ts). Deleting the maker's
-- account would set the key's created_by_id to NULL, which reads as a key made on the command line: one that keeps
-- its full scope. So their keys are revoked first, in the same statement's transaction (BEFORE: ahead of the
-- ON DELETE SET NULL that would hide whose they were).
CREATE FUNCTION api_keys_revoke_for_deleted_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "api_keys" SET "revoked_at" = now() WHERE "created_by_id" = OLD."id" AND "revoked_at" IS NULL;
  RETURN OLD;
END $$;
CREATE TRIGGER "users_revoke_api_keys" BEFORE DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION api_keys_revoke_for_deleted_user();
