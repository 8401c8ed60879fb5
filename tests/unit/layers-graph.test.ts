import { describe, expect, it } from "vitest";
import { type CruiseReport, cycles, folderGraph, folderOf } from "../../scripts/layers-graph.mjs";

const report = (imports: Record<string, string[]>): CruiseReport => ({
  modules: Object.entries(imports).map(([source, targets]) => ({
    source,
    dependencies: targets.map((resolved) => ({ resolved })),
  })),
});

describe("the layers check's folder graph", () => {
  it("names a module by its first folder under lib/, a file directly in lib/ by its name", () => {
    expect(folderOf("lib/leads/get-lead.ts")).toBe("leads");
    expect(folderOf("lib/capture/html-forms/parse-form-body.ts")).toBe("capture");
    expect(folderOf("lib/env.ts")).toBe("env");
    expect(folderOf("node_modules/zod/index.js")).toBeUndefined();
    expect(folderOf("app/layout.tsx")).toBeUndefined();
  });

  it("finds no cycle when every folder imports only folders below it", () => {
    const edges = folderGraph(
      report({
        "lib/capture/capture-route.ts": ["lib/ingest/ingest-submission.ts", "lib/http/problem.ts"],
        "lib/ingest/ingest-submission.ts": ["lib/leads/lead-input.ts", "lib/ingest/utm.ts", "node_modules/zod/index.js"],
        "lib/leads/lead-input.ts": ["lib/normalise/text.ts", "lib/env.ts"],
      }),
    );
    expect(cycles(edges)).toEqual([]);
    expect([...(edges.get("ingest")?.keys() ?? [])]).toEqual(["leads"]);
  });

  it("finds a two-folder cycle and a longer one, with the files that tie them", () => {
    const edges = folderGraph(
      report({
        "lib/fields/create-field.ts": ["lib/links/link-cache.ts"],
        "lib/links/link-cache.ts": ["lib/fields/custom-field.ts"],
        "lib/auth/session.ts": ["lib/i18n/locales.ts"],
        "lib/i18n/request-locale.ts": ["lib/time/viewer.ts"],
        "lib/time/viewer.ts": ["lib/auth/session.ts"],
        "lib/db/client.ts": ["lib/env.ts"],
      }),
    );
    expect(cycles(edges)).toEqual([
      ["auth", "i18n", "time"],
      ["fields", "links"],
    ]);
    expect(edges.get("fields")?.get("links")).toEqual([["lib/fields/create-field.ts", "lib/links/link-cache.ts"]]);
  });
});
