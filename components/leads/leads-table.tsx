import type { LeadListItem } from "@/lib/leads/list-leads";
import { formatPhone } from "@/lib/phone/format-phone";
import { type LeadRow, LeadsTableView } from "./leads-table-view";

/**
 * The leads of one page (the table itself is LeadsTableView, a client component): the server formats
 * what needs the server (phones, with libphonenumber's metadata; owner and link names) and hands the
 * rows over as data.
 */
export function LeadsTable({
  leads,
  basePath,
  linkNames,
  ownerNames,
}: {
  leads: LeadListItem[];
  basePath: string;
  linkNames: ReadonlyMap<string, string>;
  /** Members' names by user id. */
  ownerNames: ReadonlyMap<string, string>;
}) {
  const rows = leads.map(
    (lead): LeadRow => ({
      id: lead.id,
      name: lead.name,
      email: lead.email,
      phone: lead.telephone ? formatPhone(lead.telephone) : null,
      status: lead.status,
      owner: lead.ownerId ? (ownerNames.get(lead.ownerId) ?? { former: true }) : null,
      tags: lead.tags,
      utmSource: lead.utmSource,
      utmMedium: lead.utmMedium,
      utmCampaign: lead.utmCampaign,
      link: lead.captureLinkId ? (linkNames.get(lead.captureLinkId) ?? { deleted: true }) : null,
      createdAt: lead.createdAt.toISOString(),
    }),
  );
  return <LeadsTableView leads={rows} basePath={basePath} />;
}
