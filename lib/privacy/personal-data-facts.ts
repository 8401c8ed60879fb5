import { getDatabase } from "@/lib/db/client";
import type { Role } from "@/lib/db/generated/enums";
import type { PersonalDataDocument } from "./personal-data";
import { getRetentionSettings, type RetentionSettings } from "./retention-settings";

/** What the readable statement says beyond the JSON: who the controller is, names for ids, who was told. */
export interface PersonalDataFacts {
  workspace: { name: string; country: string; timeZone: string };
  /** The first owner's email: the contact the person writes to. */
  contact: string | null;
  links: Map<string, string>;
  /** Custom fields by their name (the JSON's keys): label and type. */
  fields: Map<string, { label: string; type: string }>;
  endpoints: Map<string, { kind: string; description: string | null; host: string | null }>;
  /** Emails about the person's leads, by kind and the recipient's role (never their address). */
  emails: { kind: string; role: Role | "former"; count: number; last: Date }[];
  retention: RetentionSettings;
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host || null;
  } catch {
    return null;
  }
}

/** Every query is scoped to the workspace: the document never names another workspace's links or endpoints. */
export async function loadPersonalDataFacts(workspaceId: string, document: PersonalDataDocument): Promise<PersonalDataFacts> {
  const { prisma } = await getDatabase();
  const leadIds = document.leads.map((lead) => lead.id);
  const endpointIds = [...new Set(document.deliveries.map((delivery) => delivery.endpointId))];
  const [workspace, owner, links, fields, endpoints, emails, members, retention] = await Promise.all([
    prisma.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true, country: true, timeZone: true } }),
    prisma.membership.findFirst({
      where: { workspaceId, role: "owner" },
      orderBy: { createdAt: "asc" },
      select: { user: { select: { email: true } } },
    }),
    prisma.captureLink.findMany({ where: { workspaceId }, select: { id: true, name: true } }),
    prisma.customField.findMany({ where: { workspaceId }, select: { name: true, label: true, type: true } }),
    prisma.webhookEndpoint.findMany({
      where: { workspaceId, id: { in: endpointIds } },
      select: { id: true, kind: true, description: true, url: true },
    }),
    prisma.emailMessage.findMany({
      where: { workspaceId, leadId: { in: leadIds } },
      select: { kind: true, userId: true, createdAt: true },
    }),
    prisma.membership.findMany({ where: { workspaceId }, select: { userId: true, role: true } }),
    getRetentionSettings(workspaceId),
  ]);
  const roles = new Map(members.map((member) => [member.userId, member.role]));
  const grouped = new Map<string, PersonalDataFacts["emails"][number]>();
  for (const email of emails) {
    const role = (email.userId && roles.get(email.userId)) || "former";
    const key = `${email.kind}/${role}`;
    const group = grouped.get(key) ?? { kind: email.kind, role, count: 0, last: email.createdAt };
    group.count += 1;
    if (email.createdAt > group.last) group.last = email.createdAt;
    grouped.set(key, group);
  }
  return {
    workspace,
    contact: owner?.user.email ?? null,
    links: new Map(links.map((link) => [link.id, link.name])),
    fields: new Map(fields.map((field) => [field.name, { label: field.label, type: field.type }])),
    endpoints: new Map(
      endpoints.map((endpoint) => [
        endpoint.id,
        { kind: endpoint.kind, description: endpoint.description, host: endpoint.url ? hostOf(endpoint.url) : null },
      ]),
    ),
    emails: [...grouped.values()],
    retention,
  };
}
