// Types for build-if-stale.mjs, imported by the Playwright global setup (TypeScript).
export declare const ROOT: string;
export declare const BUILD_INPUTS: string[];
export declare function sourceHash(root?: string): string;
export declare function buildStatus(root?: string): { current: boolean; hash: string; reason: string };
export declare function generatePrismaClient(root?: string): void;
export declare function build(root?: string, log?: (message: string) => void): void;
export declare function buildIfStale(options?: { root?: string; force?: boolean; log?: (message: string) => void }): boolean;
