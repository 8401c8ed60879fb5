import { getDatabase } from "@/lib/db/client";

/** A purpose's consent as the lead's latest record naming it says. */
export interface PurposeConsent {
  /** null: a record that named no purpose (consent in general). */
  purpose: string | null;
  granted: boolean;
  legalBasis: string;
  version: string | null;
  at: Date;
}

export interface ConsentHistoryEntry {
  id: string;
  submissionId: string;
  granted: boolean;
  text: string | null;
  version: string | null;
  legalBasis: string;
  purposes: string[];
  ip: string | null;
  userAgent: string | null;
  origin: string | null;
  referer: string | null;
  at: Date;
}

export interface LeadConsent {
  current: PurposeConsent[];
  /** Newest first. */
  history: ConsentHistoryEntry[];
  erasedAt: Date | null;
}

/** A lead's consent records (the lead page): the current state per purpose, and every record. */
export async function getLeadConsent(workspaceId: string, leadId: string): Promise<LeadConsent> {
  const { prisma } = await getDatabase();
  const [records, lead] = await Promise.all([
    prisma.consentRecord.findMany({
      where: { workspaceId, leadId },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: 500,
    }),
    prisma.lead.findFirst({ where: { id: leadId, workspaceId }, select: { erasedAt: true } }),
  ]);
  const current = new Map<string | null, PurposeConsent>();
  for (const record of records) {
    const purposes = record.purposes.length > 0 ? record.purposes : [null];
    for (const purpose of purposes) {
      if (current.has(purpose)) continue;
      current.set(purpose, {
        purpose,
        granted: record.granted,
        legalBasis: record.legalBasis,
        version: record.version,
        at: record.createdAt,
      });
    }
  }
  return {
    current: [...current.values()].sort((a, b) => (a.purpose ?? "").localeCompare(b.purpose ?? "")),
    history: records.map((record) => ({
      id: record.id,
      submissionId: record.submissionId,
      granted: record.granted,
      text: record.text,
      version: record.version,
      legalBasis: record.legalBasis,
      purposes: record.purposes,
      ip: record.ip,
      userAgent: record.userAgent,
      origin: record.origin,
      referer: record.referer,
      at: record.createdAt,
    })),
    erasedAt: lead?.erasedAt ?? null,
  };
}
