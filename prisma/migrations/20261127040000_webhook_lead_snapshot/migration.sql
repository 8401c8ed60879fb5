-- The lead as the event left it (lib/leads/lead-snapshot.ts): written with the message, in the change's own
-- statement or transaction, and read at the first attempt to build the body, so that a message shows the lead
-- as it was after its change, not as it is when the dispatcher gets to it (DESIGN.md section 14). Cleared once
-- the body is kept; erasure blanks it. Nullable: rows written before this column, lead.erased and
-- submission.rejected messages have none (the body is then built from the lead row, as before).
ALTER TABLE "webhook_messages" ADD COLUMN "lead_snapshot" JSONB;

-- New-lead emails likewise (lib/mail/render-email.ts): the email shows the lead as it was created. Cleared once
-- the email is settled (delivered or failed); erasure blanks a queued one's.
ALTER TABLE "email_messages" ADD COLUMN "lead_snapshot" JSONB;
