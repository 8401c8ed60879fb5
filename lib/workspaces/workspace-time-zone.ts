import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "@/lib/time/time-zone";

/**
 * The zone a workspace's documents and files are written in when no viewer's zone applies (the command
 * line, the personal-data document). Workspaces have no stored zone yet (DESIGN.md section 13 gives one,
 * defaulting to America/Sao_Paulo for country BR): until it lands, the viewer's zone when there is one, else
 * that default, else UTC. The one place to switch to the stored setting.
 */
export function workspaceTimeZone(workspace: { country: string }, viewerTimeZone?: string): string {
  const viewer = canonicalTimeZone(viewerTimeZone);
  if (viewer) return viewer;
  return workspace.country.trim().toUpperCase() === "BR" ? "America/Sao_Paulo" : DEFAULT_TIME_ZONE;
}
