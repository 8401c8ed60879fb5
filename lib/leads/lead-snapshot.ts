import type { Prisma } from "@/lib/db/generated/client";
import type { LeadRow } from "./lead-json";

/**
 * The lead as an event leaves it, stored on the event's outbox rows (webhook_messages.lead_snapshot) by the
 * statement or transaction that makes the change: a message's content is fixed when the event is written
 * (DESIGN.md section 14), so a `lead.created` sent after a later update still shows the created lead. The keys
 * are LeadRow's (lead-json.ts), so toLeadJson reads a snapshot as it reads a lead; erasure blanks it.
 *
 * `alias` names the lead row in the statement (`l`); the owner is read at the same moment, as the lead shows it.
 */
export function leadSnapshotSql(alias: string): string {
  const column = (name: string) => `${alias}.${name}`;
  const pairs = [
    ["id", "id"],
    ["workspaceId", "workspace_id"],
    ["email", "email"],
    ["phone", "phone"],
    ["name", "name"],
    ["document", "document"],
    ["profession", "profession"],
    ["city", "city"],
    ["state", "state"],
    ["instagram", "instagram"],
    ["birthday", "birthday"],
    ["address", "address"],
    ["customFields", "custom_fields"],
    ["firstUtmSource", "first_utm_source"],
    ["firstUtmMedium", "first_utm_medium"],
    ["firstUtmCampaign", "first_utm_campaign"],
    ["firstUtmContent", "first_utm_content"],
    ["firstUtmTerm", "first_utm_term"],
    ["lastUtmSource", "last_utm_source"],
    ["lastUtmMedium", "last_utm_medium"],
    ["lastUtmCampaign", "last_utm_campaign"],
    ["lastUtmContent", "last_utm_content"],
    ["lastUtmTerm", "last_utm_term"],
    ["status", "status"],
    ["tags", "tags"],
    ["createdAt", "created_at"],
    ["updatedAt", "updated_at"],
  ].map(([key, name]) => `'${key}', ${column(name!)}`);
  const owner = `(SELECT jsonb_build_object('id', o.id, 'email', o.email, 'name', o.name) FROM users o WHERE o.id = ${column("owner_id")})`;
  // jsonb_build_object takes at most 100 arguments: the 28 pairs fit in one call.
  return `jsonb_build_object(${pairs.join(", ")}, 'owner', ${owner})`;
}

type Snapshot = Record<string, Prisma.JsonValue>;

/** A stored snapshot as the LeadRow it was taken from (jsonb gives timestamps and dates as ISO text). */
export function readLeadSnapshot(stored: Prisma.JsonValue | string): LeadRow & { workspaceId: string } {
  const snapshot = (typeof stored === "string" ? JSON.parse(stored) : stored) as Snapshot;
  const text = (key: string) => (snapshot[key] ?? null) as string | null;
  const birthday = text("birthday");
  return {
    ...(snapshot as unknown as LeadRow & { workspaceId: string }),
    // A DATE as midnight UTC, as Prisma and the driver give it.
    birthday: birthday ? new Date(`${birthday.slice(0, 10)}T00:00:00Z`) : null,
    createdAt: new Date(text("createdAt")!),
    updatedAt: new Date(text("updatedAt")!),
    owner: (snapshot.owner ?? null) as LeadRow["owner"],
  };
}
