// Not part of `npm run bench`: one xlsx export in a plain process, sampling its memory every 100 ms (RSS, V8's
// heap and new space, external buffers) to see what grows: V8's heap, or memory outside it (buffers waiting for
// the zip's deflate, malloc). The output is read as fast as it comes, into nothing.
// DATABASE_URL=... node --liftoff-only --heap-growing-percent=20 --import tsx tests/bench/xlsx-memory-trace.ts <slug> [batchSize]
// (the flags scripts/server.mjs sets at run time; add --semi-space-growth-factor=1 to see a young generation kept small)
import { createRequire } from "node:module";
import v8 from "node:v8";
import { getDatabase } from "@/lib/db/client";
import { exportLeadsXlsx } from "@/lib/leads/export-leads-xlsx";

// The worksheet's XML waiting for the zip's deflate: archiver wraps exceljs's stream in a PassThrough of its own
// (archiver-utils' normalizeInputSource), whose unread bytes are that backlog. Caught here to be sampled.
const archiverUtils = createRequire(createRequire(import.meta.url).resolve("archiver"))("archiver-utils") as {
  normalizeInputSource: (source: unknown) => unknown;
};
const entries: { _writableState?: { length: number } }[] = [];
const normalize = archiverUtils.normalizeInputSource;
archiverUtils.normalizeInputSource = (source) => {
  const normalized = normalize(source) as (typeof entries)[number];
  entries.push(normalized);
  return normalized;
};
const zipBacklog = () => entries.reduce((sum, entry) => sum + (entry._writableState?.length ?? 0), 0);

const [slug, batch] = process.argv.slice(2);
const { prisma } = await getDatabase();
const workspace = await prisma.workspace.findFirstOrThrow({ where: { slug: slug! }, select: { id: true } });
const mb = (bytes: number) => Math.round(bytes / 1048576);
const sample = () => {
  const memory = process.memoryUsage();
  const newSpace = v8.getHeapSpaceStatistics().find((space) => space.space_name === "new_space")!;
  return {
    rss: mb(memory.rss),
    heapUsed: mb(memory.heapUsed),
    heapTotal: mb(memory.heapTotal),
    newSpace: mb(newSpace.space_size),
    external: mb(memory.external),
    arrayBuffers: mb(memory.arrayBuffers),
    zipBacklog: mb(zipBacklog()),
  };
};
const before = sample();
let peak = before;
let peakZipBacklog = 0;
const timer = setInterval(() => {
  const now = sample();
  if (now.rss > peak.rss) peak = now;
  peakZipBacklog = Math.max(peakZipBacklog, now.zipBacklog);
}, 100);
const started = performance.now();
const result = await exportLeadsXlsx(
  workspace.id,
  {},
  { language: "pt-BR", locale: "pt-BR", timeZone: "America/Sao_Paulo", batchSize: batch ? Number(batch) : undefined },
);
let bytes = 0;
for await (const chunk of result.stream) bytes += (chunk as Buffer).byteLength;
clearInterval(timer);
console.log(
  JSON.stringify({
    before,
    peak,
    peakZipBacklog,
    after: sample(),
    mb: mb(bytes),
    seconds: Math.round((performance.now() - started) / 100) / 10,
  }),
);
process.exit(0);
