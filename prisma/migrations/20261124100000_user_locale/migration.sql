-- The admin's language per user (issue 14, DESIGN.md 10): NULL follows the browser's Accept-Language;
-- a value is the user's own choice from the account page. The application accepts only the locales it has
-- catalogues for (lib/i18n/locales.ts); no CHECK here, so adding a language needs no migration.
ALTER TABLE "users" ADD COLUMN "locale" TEXT;
