import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { LeadListItem } from "@/lib/leads/list-leads";
import { formatPhone } from "@/lib/phone/format-phone";

function Utm({ lead }: { lead: LeadListItem }) {
  const t = useTranslations("leads.table");
  if (!lead.utmSource && !lead.utmMedium && !lead.utmCampaign) return <span className="text-slate-400">{t("direct")}</span>;
  return (
    <div className="min-w-0">
      <p className="truncate text-slate-800">
        {lead.utmSource ?? "—"}
        {lead.utmMedium ? <span className="text-slate-400"> / {lead.utmMedium}</span> : null}
      </p>
      {lead.utmCampaign ? <p className="truncate text-xs text-slate-500">{lead.utmCampaign}</p> : null}
    </div>
  );
}

const muted = <span className="text-slate-400">—</span>;

/**
 * The leads of one page. On a phone the table keeps one column, the lead, with its phone, source and
 * time under the name; wider screens get a column each.
 */
export function LeadsTable({
  leads,
  basePath,
  linkNames,
}: {
  leads: LeadListItem[];
  basePath: string;
  linkNames: ReadonlyMap<string, string>;
}) {
  const t = useTranslations("leads.table");
  return (
    <Table caption={t("caption")}>
      <thead>
        <tr>
          <Th>{t("lead")}</Th>
          <Th className="hidden sm:table-cell">{t("phone")}</Th>
          <Th className="hidden sm:table-cell">{t("source")}</Th>
          <Th className="hidden md:table-cell">{t("link")}</Th>
          <Th className="hidden sm:table-cell">{t("created")}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100" data-testid="leads-rows">
        {leads.map((lead) => (
          <tr key={lead.id} className="hover:bg-slate-50" data-testid="lead-row">
            <Td className="max-w-[calc(100vw-4rem)] sm:max-w-xs">
              <Link
                href={`${basePath}/${lead.id}`}
                className="font-medium break-words text-indigo-700 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {lead.name ?? lead.email ?? (lead.telephone ? formatPhone(lead.telephone) : t("unnamed"))}
              </Link>
              {lead.email && lead.name ? <p className="mt-0.5 truncate text-xs text-slate-500">{lead.email}</p> : null}
              <div className="mt-1.5 space-y-1 text-xs text-slate-500 sm:hidden" data-testid="lead-row-summary">
                {lead.telephone ? <p className="tabular-nums text-slate-700">{formatPhone(lead.telephone)}</p> : null}
                <Utm lead={lead} />
                <LocalTime value={lead.createdAt} mode="datetime" className="block" />
              </div>
            </Td>
            <Td className="hidden whitespace-nowrap tabular-nums sm:table-cell">
              {lead.telephone ? formatPhone(lead.telephone) : muted}
            </Td>
            <Td className="hidden max-w-[14rem] sm:table-cell">
              <Utm lead={lead} />
            </Td>
            <Td className="hidden max-w-[12rem] truncate md:table-cell">
              {lead.captureLinkId
                ? (linkNames.get(lead.captureLinkId) ?? <span className="text-slate-400">{t("deletedLink")}</span>)
                : muted}
            </Td>
            <Td className="hidden whitespace-nowrap text-slate-500 sm:table-cell">
              <LocalTime value={lead.createdAt} mode="datetime" />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
