import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { getDatabase } from "@/lib/db/client";
import { exportLeadsXlsx } from "@/lib/leads/export-leads-xlsx";
import { exportLeads } from "@/lib/leads/export-leads";
const { prisma } = await getDatabase();
const ws = await prisma.workspace.findFirstOrThrow({ where: { slug: "demo" } });
await prisma.user.findFirst();
const mb = (n: number) => Math.round(n / 1048576);
const before = process.memoryUsage();
let peak = before.rss, peakHeap = before.heapUsed, peakExt = before.external + before.arrayBuffers;
const timer = setInterval(() => { const m = process.memoryUsage(); peak = Math.max(peak, m.rss); peakHeap = Math.max(peakHeap, m.heapUsed); peakExt = Math.max(peakExt, m.external + m.arrayBuffers); }, 20);
const started = performance.now();
let bytes = 0;
const sink = new Writable({ highWaterMark: 64 * 1024, write(chunk, _e, cb) { bytes += chunk.length; setTimeout(cb, 0); } });
if (process.env.FORMAT === "csv") {
  const { chunks } = await exportLeads(ws.id, {});
  for await (const c of chunks) bytes += c.length;
} else {
  const { stream } = await exportLeadsXlsx(ws.id, {}, { language: "pt-BR", locale: "pt-BR", timeZone: "America/Sao_Paulo" });
  await pipeline(stream, sink);
}
clearInterval(timer);
console.log(JSON.stringify({ backlog: mb((globalThis as any).maxBacklog ?? 0), rssBefore: mb(before.rss), peakRss: mb(peak), heapBefore: mb(before.heapUsed), peakHeap: mb(peakHeap), peakExt: mb(peakExt), mbOut: mb(bytes), s: ((performance.now() - started) / 1000).toFixed(1) }));
process.exit(0);
