import { defineConfig } from "prisma/config";

// Only `prisma generate` is used: migrations are applied by lib/db/migrate.ts (see README, "Database").
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
