import type { Role } from "@/lib/workspaces/member-rules";

export const ROLE_LABELS: Record<Role, { label: string; description: string }> = {
  owner: { label: "Owner", description: "Everything, including making and removing owners." },
  admin: { label: "Admin", description: "Manages capture links, custom fields and members (except owners)." },
  member: { label: "Member", description: "Sees leads, links, fields and members; changes nothing." },
};
