// dependency-cruiser's options for the layers check (scripts/check-layers.mjs, `npm run check:layers`):
// it resolves every import of lib/ the way TypeScript does (the `@/` path included, type-only imports too,
// since a type import ties two folders as much as a value import). The folder-level rule (no folder of lib/
// imports a folder that imports it back, directly or through others) lives in the script, which collapses the
// modules to their folders; docs/architecture.md draws the layers.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^lib/db/generated/" },
    includeOnly: "^lib/",
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".mjs", ".js", ".cjs", ".json"],
    },
  },
};
