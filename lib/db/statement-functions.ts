import pg from "pg";
import type { SqlStatement } from "./database";

/*
 * A hot statement as a PL/pgSQL function, for connections through a transaction pooler (DESIGN.md section 17).
 * There no statement may be prepared by name, so a large statement would be parsed and planned again on every
 * request (the ingest statement: ~1 ms of planning for ~0.5 ms of work). A PL/pgSQL function's statements are
 * planned once per server connection and the plan kept, and a pooler keeps its server connections: calling
 * the function parses one short line. The function's body is the statement's own text with each `$n` read
 * from its one `text[]` argument, so the TypeScript that builds the statement stays the one place that says what
 * it does; a migration creates the function from that text (see lib/ingest/upsert-functions.ts).
 */

/** The tag quoting a function's body; a statement containing it cannot become a function. */
const QUOTE = "$leadlink$";

/**
 * The statement's text with `$n` read from the function's one argument, a text array: `$1[n]` (positional, so
 * that no table alias of the statement can hide it). Every parameter must carry its cast.
 */
export function functionBody(text: string): string {
  if (text.includes(QUOTE)) throw new Error(`a statement containing ${QUOTE} cannot become a function`);
  const body = text.replace(/\$(\d+)(::)?/g, (_match, index: string, cast: string | undefined) => {
    // Sent apart, `$n::uuid` is typed by its cast; `$1[n]` is text and needs the same cast to mean the same.
    if (!cast) throw new Error(`parameter $${index} has no cast: "${text.slice(0, 80)}…"`);
    return `$1[${index}]::`;
  });
  return `
#variable_conflict use_column
BEGIN
  RETURN QUERY ${body.trim()};
END
`;
}

/** `CREATE OR REPLACE FUNCTION` for `text`, answering the rows of `returns` (`lead_id uuid, created boolean`). */
export function functionDefinition(name: string, text: string, returns: string): string {
  return `CREATE OR REPLACE FUNCTION ${name}(text[]) RETURNS TABLE (${returns}) LANGUAGE plpgsql AS ${QUOTE}${functionBody(text)}${QUOTE};\n`;
}

// pg's own conversion of a parameter to its text form (dates, arrays, objects), not in its type definitions.
const prepareValue = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils.prepareValue;

/**
 * The call of the function `name` (made by functionDefinition from `statement.text`) with `statement`'s values:
 * each as the text the driver would send for it, together as one `text[]` parameter.
 */
export function functionCall(name: string, statement: SqlStatement, columns: string): SqlStatement {
  const values = statement.values.map((value) => (value === null || value === undefined ? null : String(prepareValue(value))));
  return { text: `SELECT ${columns} FROM ${name}($1::text[])`, values: [values] };
}
