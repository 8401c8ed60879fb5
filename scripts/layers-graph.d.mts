// Types for layers-graph.mjs, imported by tests/unit/layers-graph.test.ts.
export interface CruiseReport {
  modules: { source: string; dependencies: { resolved: string }[] }[];
}
/** The lib/ folder of a module path, or undefined outside lib/. */
export declare function folderOf(source: string): string | undefined;
/** Folder edges with the file imports behind each one. */
export declare function folderGraph(report: CruiseReport): Map<string, Map<string, [string, string][]>>;
/** The strongly connected components of more than one folder, each sorted. */
export declare function cycles(edges: Map<string, Map<string, unknown>>): string[][];
