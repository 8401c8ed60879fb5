-- Issue 24: an owner or admin revokes a pending invitation; its link stops working, and the members page
-- stops listing it. The row stays (who was invited, by whom, when) like an accepted one.
ALTER TABLE "invitations" ADD COLUMN "revoked_at" TIMESTAMPTZ(3);
