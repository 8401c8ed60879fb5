const PREPARED = /^\s*\/\* (leadlink:[a-z0-9-]+) \*\//;

/**
 * Hot statements start with a comment naming them, `/* leadlink:<name> *\/`: the database then parses and
 * plans them once per connection instead of on every request (planning the ingest statement costs about
 * as much as running it). Other statements stay unnamed, so the per-connection cache stays bounded.
 */
export function preparedStatementName(sql: string): string | undefined {
  return PREPARED.exec(sql)?.[1];
}
