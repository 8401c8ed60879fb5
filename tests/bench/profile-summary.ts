// Not part of `npm run bench`: where a server's main thread spends its time per request, from profiles
// written by tests/bench/profile-ingest.ts. Self time per request (µs), by function and by origin (Leadlink's
// own files, each package, Node's internals, GC, idle), mapped to sources through the build's source maps.
//
//   npx tsx tests/bench/profile-summary.ts FILE.cpuprofile:REQUESTS [FILE:REQUESTS …] [--top N] [--callers TEXT]
//
// --callers TEXT: for the functions whose name contains TEXT, their callers' stacks (8 frames), per file.
//
// With two or more files, the columns are side by side (e.g. the no-op's window and ingest's). Allocation
// profiles (.heapprofile, PROFILE_HEAP=1) are read the same way: bytes allocated per request instead of µs.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { FlattenMap, originalPositionFor, type TraceMap } from "@jridgewell/trace-mapping";

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const args = process.argv.slice(2);
const topAt = args.indexOf("--top");
const top = topAt >= 0 ? Number(args[topAt + 1]) : 40;
const callersAt = args.indexOf("--callers");
const callersOf = callersAt >= 0 ? args[callersAt + 1] : undefined;
const inputs = args
  .filter((arg, index) => !arg.startsWith("--") && index !== topAt + 1 && index !== callersAt + 1)
  .map((arg) => {
    const at = arg.lastIndexOf(":");
    return { file: arg.slice(0, at), requests: Number(arg.slice(at + 1)) };
  });

const maps = new Map<string, TraceMap | null>();
function mapOf(file: string): TraceMap | null {
  if (!maps.has(file)) {
    const mapFile = `${file}.map`;
    maps.set(file, fs.existsSync(mapFile) ? FlattenMap(JSON.parse(fs.readFileSync(mapFile, "utf8"))) : null);
  }
  return maps.get(file)!;
}

/** Where a frame's code comes from: a package, Leadlink's sources, Node, or V8's pseudo-frames. */
function origin(source: string): string {
  if (source.startsWith("(")) return source;
  if (source.startsWith("node:") || !source) return "node";
  const modules = source.lastIndexOf("node_modules/");
  if (modules >= 0) {
    const rest = source.slice(modules + "node_modules/".length).split("/");
    return rest[0]!.startsWith("@") ? `${rest[0]}/${rest[1]}` : rest[0]!;
  }
  return `leadlink ${source.replace(/^.*?\[project\]\//, "").replace(/^\/work\/[^/]+\/[^/]+\//, "")}`;
}

function describe(frame: ProfileNode["callFrame"]): { name: string; origin: string } {
  if (!frame.url) {
    const pseudo = frame.functionName.startsWith("(") ? frame.functionName : `(native) ${frame.functionName || "anonymous"}`;
    return { name: pseudo, origin: pseudo.startsWith("(native)") ? "(native)" : pseudo };
  }
  let source = frame.url.startsWith("file://") ? fileURLToPath(frame.url) : frame.url;
  let line = frame.lineNumber + 1;
  let name = frame.functionName || "anonymous";
  const map = source.startsWith("/") ? mapOf(source) : null;
  if (map) {
    const position = originalPositionFor(map, { line, column: frame.columnNumber });
    if (position.source) {
      source = position.source;
      line = position.line ?? line;
      if (position.name) name = position.name;
    }
  }
  const where = origin(source);
  return { name: `${name} ${path.basename(source)}:${line}`, origin: where.startsWith("leadlink ") ? "leadlink" : where };
}

interface HeapNode {
  callFrame: ProfileNode["callFrame"];
  selfSize: number;
  children: HeapNode[];
}

/** A sampled allocation profile as a CPU profile's totals: bytes where the other has µs. */
function heapColumn(file: string, requests: number) {
  const { head } = JSON.parse(fs.readFileSync(file, "utf8")) as { head: HeapNode };
  const selfByName = new Map<string, number>();
  const selfByOrigin = new Map<string, number>();
  let total = 0;
  const visit = (node: HeapNode) => {
    if (node.selfSize > 0) {
      const { name, origin: from } = describe(node.callFrame);
      selfByName.set(name, (selfByName.get(name) ?? 0) + node.selfSize);
      selfByOrigin.set(from, (selfByOrigin.get(from) ?? 0) + node.selfSize);
      total += node.selfSize;
    }
    for (const child of node.children) visit(child);
  };
  visit(head);
  return { file, requests, selfByName, selfByOrigin, total };
}

const columns = inputs.map(({ file, requests }) => {
  if (file.endsWith(".heapprofile")) return heapColumn(file, requests);
  const profile = JSON.parse(fs.readFileSync(file, "utf8")) as Profile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stacks = new Map<string, number>();
  const selfByName = new Map<string, number>();
  const selfByOrigin = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index + 1] ?? 0;
    const { name, origin: from } = describe(byId.get(id)!.callFrame);
    selfByName.set(name, (selfByName.get(name) ?? 0) + delta);
    selfByOrigin.set(from, (selfByOrigin.get(from) ?? 0) + delta);
    total += delta;
    if (callersOf && name.includes(callersOf)) {
      const frames: string[] = [];
      for (let at = parents.get(id); at !== undefined && frames.length < 8; at = parents.get(at))
        frames.push(describe(byId.get(at)!.callFrame).name);
      const stack = frames.join(" < ");
      stacks.set(stack, (stacks.get(stack) ?? 0) + delta);
    }
  });
  if (callersOf) {
    console.log(`\n${path.basename(file)}: callers of ${callersOf} (µs per request)`);
    for (const [stack, time] of [...stacks].sort((a, b) => b[1] - a[1]).slice(0, 15))
      console.log(`${(time / requests).toFixed(1).padStart(8)}  ${stack}`);
  }
  return { file, requests, selfByName, selfByOrigin, total };
});

function table(title: string, pick: (column: (typeof columns)[number]) => Map<string, number>, limit: number) {
  const keys = new Set<string>();
  for (const column of columns) for (const key of pick(column).keys()) keys.add(key);
  const perRequest = (column: (typeof columns)[number], key: string) => (pick(column).get(key) ?? 0) / column.requests;
  const rows = [...keys].sort((a, b) => perRequest(columns.at(-1)!, b) - perRequest(columns.at(-1)!, a)).slice(0, limit);
  console.log(`\n${title} (${unit} per request: ${columns.map((column) => path.basename(column.file)).join(" | ")})`);
  for (const key of rows)
    console.log(`${columns.map((column) => perRequest(column, key).toFixed(1).padStart(8)).join(" ")}  ${key}`);
}

const unit = inputs.some(({ file }) => file.endsWith(".heapprofile")) ? "bytes" : "µs";
for (const column of columns) {
  if (unit === "bytes") {
    console.log(
      `${path.basename(column.file)}: ${column.requests} requests, ${(column.total / column.requests).toFixed(0)} bytes per request`,
    );
    continue;
  }
  const idle = column.selfByName.get("(idle)") ?? 0;
  console.log(
    `${path.basename(column.file)}: ${column.requests} requests, ${(column.total / 1000).toFixed(0)} ms profiled, busy ${((column.total - idle) / column.requests).toFixed(1)} µs per request, idle ${((100 * idle) / column.total).toFixed(1)} %`,
  );
}
table("By origin", (column) => column.selfByOrigin, 30);
table("By function", (column) => column.selfByName, top);
