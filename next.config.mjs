import createNextIntlPlugin from "next-intl/plugin";

// next-intl without i18n routing: each request's language and catalogue come from i18n/request.ts.
const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // Loaded from node_modules at run time rather than bundled: PGlite (in the embedded engine's worker)
  // reads its WASM and data files next to its own modules, and the database drivers keep process-wide state.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "@prisma/adapter-pg", "@node-rs/argon2", "pino", "exceljs"],
  typescript: { tsconfigPath: "tsconfig.json" },
};

export default withNextIntl(nextConfig);
