// The folder graph of lib/ and its cycles, from a dependency-cruiser JSON report (scripts/check-layers.mjs;
// tests/unit/layers-graph.test.ts). A folder is the first path segment under lib/; a file directly in lib/ is a
// folder of its own.

/** `lib/leads/get-lead.ts` -> `leads`; `lib/env.ts` -> `env`; anything outside lib/ -> undefined. */
export function folderOf(source) {
  const match = /^lib\/([^/]+)/.exec(source);
  if (!match) return undefined;
  return match[1].replace(/\.(m|c)?(t|j)sx?$/, "");
}

/** Folder edges with the file imports behind each one: Map<from, Map<to, [fromFile, toFile][]>>. */
export function folderGraph(report) {
  const edges = new Map();
  for (const module of report.modules) {
    const from = folderOf(module.source);
    if (!from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (!to || to === from) continue;
      const targets = edges.get(from);
      if (!targets.has(to)) targets.set(to, []);
      targets.get(to).push([module.source, dependency.resolved]);
    }
  }
  return edges;
}

/** Tarjan's strongly connected components; returns those with more than one folder, each sorted. */
export function cycles(edges) {
  let index = 0;
  const indices = new Map();
  const lowlinks = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indices.set(node, index);
    lowlinks.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of edges.get(node)?.keys() ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lowlinks.set(node, Math.min(lowlinks.get(node), lowlinks.get(next)));
      } else if (onStack.has(next)) {
        lowlinks.set(node, Math.min(lowlinks.get(node), indices.get(next)));
      }
    }
    if (lowlinks.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...edges.keys()].sort()) if (!indices.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}
