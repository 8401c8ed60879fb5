import { DRY_RUN_HEADER } from "@/lib/ingest/dry-run";
import { exampleLead, type SnippetInput } from "./link-snippets";

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The curl snippet with `Leadlink-Dry-Run: 1`: a form's payload checked against the link, nothing stored. */
export function dryRunSnippet(input: SnippetInput): string {
  return [
    `curl -X POST ${shellQuote(input.url)} \\`,
    `  -H 'Content-Type: application/json' \\`,
    `  -H '${DRY_RUN_HEADER}: 1' \\`,
    `  -d ${shellQuote(JSON.stringify(exampleLead(input), null, 2))}`,
  ].join("\n");
}
