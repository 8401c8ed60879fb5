#!/usr/bin/env node
// Layers check (DESIGN.md section 14, docs/architecture.md): no folder of lib/ imports a folder that imports it
// back, directly or through others. dependency-cruiser resolves every import of lib/ (TypeScript paths included);
// this script collapses each module to its folder (the first path segment under lib/; a file directly in lib/ is a
// folder of its own), finds the strongly connected components of the folder graph (Tarjan) and, for each one with
// more than one folder, prints the folders and the files that tie them. Exit code 1 when there is any.
//
//   npm run check:layers            the check (CI runs it)
//   npm run check:layers -- --json  the folder graph as JSON ({ folders, edges, cycles })
//   npm run check:layers -- --input <file>   read a depcruise JSON report instead of running depcruise
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { cycles, folderGraph } from "./layers-graph.mjs";

const args = process.argv.slice(2);
const inputIndex = args.indexOf("--input");

function readReport() {
  if (inputIndex >= 0) return JSON.parse(readFileSync(args[inputIndex + 1], "utf8"));
  const root = path.join(import.meta.dirname, "..");
  const bin = path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs");
  const output = execFileSync(process.execPath, [bin, "lib", "--config", ".dependency-cruiser.cjs", "--output-type", "json"], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  return JSON.parse(output);
}

const report = readReport();
const edges = folderGraph(report);
const found = cycles(edges);
const folders = [...edges.keys()].sort();

if (args.includes("--json")) {
  const list = [];
  for (const [from, targets] of edges) for (const [to, files] of targets) list.push({ from, to, imports: files.length });
  console.log(JSON.stringify({ folders, edges: list, cycles: found }, null, 2));
  process.exit(found.length > 0 ? 1 : 0);
}

const edgeCount = [...edges.values()].reduce((sum, targets) => sum + targets.size, 0);
console.log(`layers: ${report.summary.totalCruised} modules, ${folders.length} folders of lib/, ${edgeCount} folder imports`);
if (found.length === 0) {
  console.log("layers: no cycle between lib/ folders");
  process.exit(0);
}
for (const component of found) {
  console.log(`\ncycle between lib/ folders: ${component.join(", ")}`);
  const members = new Set(component);
  for (const from of component) {
    for (const [to, files] of [...(edges.get(from) ?? new Map())].sort(([a], [b]) => a.localeCompare(b))) {
      if (!members.has(to)) continue;
      console.log(`  ${from} -> ${to}`);
      for (const [fromFile, toFile] of files) console.log(`    ${fromFile} imports ${toFile}`);
    }
  }
}
console.log(
  `\nlayers: ${found.length} cycle(s) between lib/ folders; a folder may import only folders below it (docs/architecture.md)`,
);
process.exit(1);
