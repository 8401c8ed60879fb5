import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "@/lib/time/time-zone";

/**
 * The zone a workspace's documents and files are written in: the one asked for (the viewer's, or the command
 * line's `--time-zone`) when there is one, else the workspace's own setting (DESIGN.md section 13), else
 * America/Sao_Paulo for a Brazilian workspace, else UTC.
 */
export function workspaceTimeZone(workspace: { country: string; timeZone?: string | null }, viewerTimeZone?: string): string {
  return (
    canonicalTimeZone(viewerTimeZone) ??
    canonicalTimeZone(workspace.timeZone ?? undefined) ??
    (workspace.country.trim().toUpperCase() === "BR" ? "America/Sao_Paulo" : DEFAULT_TIME_ZONE)
  );
}
