import type { z } from "zod";
import type { CustomFieldDefinition } from "@/lib/fields/custom-field";
import type { CaptureLinkSummary } from "@/lib/links/capture-link";
import type { LinkCounters } from "@/lib/links/link-counters";
import type { WorkspaceMember } from "@/lib/workspaces/list-members";
import type { FieldSchema, LinkSchema, MemberSchema } from "./api-schemas";

type ApiLink = z.infer<typeof LinkSchema>;
type ApiField = z.infer<typeof FieldSchema>;
type ApiMember = z.infer<typeof MemberSchema>;

/** A capture link as the API answers it (LinkSchema): ids and times as JSON, no workspace id. */
export function toApiLink(link: CaptureLinkSummary & { counters?: LinkCounters }): ApiLink {
  return {
    id: link.id,
    name: link.name,
    token: link.token,
    url: link.url,
    status: link.status,
    allowedOrigins: link.allowedOrigins,
    rateLimit: link.rateLimit,
    honeypotField: link.honeypotField,
    requireIdentity: link.requireIdentity,
    source: link.source as ApiLink["source"],
    sourceSettings: link.sourceSettings,
    createdAt: link.createdAt.toISOString(),
    revokedAt: link.revokedAt?.toISOString() ?? null,
    ...(link.counters && {
      counters: {
        accepted: link.counters.accepted,
        rejected: link.counters.rejected,
        lastReceivedAt: link.counters.lastReceivedAt?.toISOString() ?? null,
      },
    }),
  };
}

/** A custom field as the API answers it (FieldSchema). */
export function toApiField(field: CustomFieldDefinition): ApiField {
  return {
    id: field.id,
    name: field.name,
    label: field.label,
    type: field.type,
    options: field.type === "select" ? field.options : [],
    archived: field.archived,
  };
}

/** A member as the API answers it (MemberSchema): the user's id, to give as a lead's `ownerId`. */
export function toApiMember(member: WorkspaceMember): ApiMember {
  return { id: member.userId, email: member.email, name: member.name, role: member.role };
}
