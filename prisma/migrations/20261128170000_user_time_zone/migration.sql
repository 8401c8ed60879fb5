-- Issue 27 (DESIGN.md section 13): a member's own time zone, chosen on the account page. Their emails' times
-- and their digest's day (sent at 08:00 there) follow it, and the admin shows times in it. NULL: the
-- workspace's zone for emails and the browser's for the admin, as before.
ALTER TABLE "users" ADD COLUMN "time_zone" TEXT;
