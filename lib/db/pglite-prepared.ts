import { type PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";
import { preparedStatementName } from "./prepared-statements";

type Query = PGlite["query"];

/**
 * PGlite parses, analyses and plans every query again (its API has no named statements), which for the
 * ingest statement costs more than running it. This wraps a PGlite instance so that queries marked with
 * `/* leadlink:<name> *\/` (see prepared-statements.ts) are prepared once, by name, through the wire
 * protocol, and then only bound and executed. Everything else goes to PGlite unchanged.
 */
export function withPreparedStatements(pglite: PGlite): PGlite {
  const prepared = new Map<string, number[]>();
  const { serialize } = protocol;

  async function run(name: string, sql: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    let paramTypes = prepared.get(name);
    if (!paramTypes) {
      const messages = await pglite.execProtocolStream(
        concat(serialize.parse({ name, text: sql, types: options?.paramTypes ?? [] }), serialize.describe({ type: "S", name }), serialize.sync()),
        { syncToFs: false },
      );
      paramTypes = parse.parseDescribeStatementResults(messages);
      prepared.set(name, paramTypes);
    }
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[paramTypes[index]!] ?? pglite.serializers[paramTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await pglite.execProtocolStream(
      concat(serialize.bind({ statement: name, values: values as string[] }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()),
      { syncToFs: false },
    );
    await pglite.syncToFs();
    return parse.parseResults(messages, pglite.parsers, options)[0]!;
  }

  const query: Query = (async (sql: string, params?: unknown[], options?: QueryOptions) => {
    const name = preparedStatementName(sql);
    if (!name) return pglite.query(sql, params, options);
    // The same locks PGlite's own query() takes: no other query or transaction in between.
    const locked = pglite as unknown as { _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T> };
    return locked._runExclusiveTransaction(() => pglite.runExclusive(() => run(name, sql, params ?? [], options)));
  }) as Query;

  return new Proxy(pglite, {
    get(target, property, receiver) {
      if (property === "query") return query;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
