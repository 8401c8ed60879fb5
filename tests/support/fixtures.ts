import { randomBytes } from "node:crypto";
import { invalidateCaptureLinks } from "@/lib/cache/capture-links";
import type { Database } from "@/lib/db/client";
import type { LinkStatus } from "@/lib/db/generated/enums";
import type { FieldType } from "@/lib/fields/custom-field";
import { generateLinkToken } from "@/lib/links/link-token";
import { labelKey } from "@/lib/normalise/label-key";

/** A well-formed token no link has (yet). */
export function testToken(): string {
  return generateLinkToken();
}

export async function createWorkspace(db: Database, options: { country?: string } = {}) {
  const slug = `ws-${randomBytes(5).toString("hex")}`;
  return db.prisma.workspace.create({ data: { name: `Workspace ${slug}`, slug, country: options.country ?? "BR" } });
}

export async function createLink(
  db: Database,
  workspaceId: string,
  options: { allowedOrigins?: string[]; honeypotField?: string; rateLimit?: string; status?: LinkStatus } = {},
) {
  const link = await db.prisma.captureLink.create({
    data: {
      workspaceId,
      token: testToken(),
      name: "Landing page",
      allowedOrigins: options.allowedOrigins ?? [],
      honeypotField: options.honeypotField ?? null,
      rateLimit: options.rateLimit ?? null,
      status: options.status ?? "active",
    },
  });
  invalidateCaptureLinks();
  return link;
}

export async function createField(
  db: Database,
  workspaceId: string,
  field: { name: string; label: string; type?: FieldType; options?: string[]; archived?: boolean },
) {
  const created = await db.prisma.customField.create({
    data: {
      workspaceId,
      name: field.name,
      label: field.label,
      labelKey: labelKey(field.label),
      type: field.type ?? "text",
      options: field.options ?? [],
      archivedAt: field.archived ? new Date() : null,
    },
  });
  invalidateCaptureLinks();
  return created;
}
