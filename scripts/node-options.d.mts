export const SERVER_NODE_OPTIONS: string;
export function serverNodeOptions(nodeOptions?: string): string;
