"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { Table, Td, Th } from "@/components/ui/table";
import { useViewer } from "@/components/ui/viewer";
import { LEAD_STATUSES, type LeadStatus } from "@/lib/leads/lead-workflow-input";
import { formatInstant } from "@/lib/time/format-time";
import { StatusBadge } from "./lead-status-badge";
import { SelectAllLeads } from "./select-all-leads";

/**
 * A row of the leads table as the server prepares it (components/leads/leads-table.tsx): the lead's values
 * and the text the server formats (phone, owner and link names), as data rather than as a rendered tree,
 * so that a page of 50 leads sends a few hundred bytes per row to the browser instead of each row's
 * elements twice (phone and narrow screens repeat the cells), and the server renders it once.
 */
export interface LeadRow {
  id: string;
  name: string | null;
  email: string | null;
  /** Formatted for reading (formatPhone). */
  phone: string | null;
  status: LeadStatus;
  /** The owner's name; "former" for a user no longer a member; null when nobody owns the lead. */
  owner: string | null | { former: true };
  tags: string[];
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  /** The capture link's name; "deleted" for a link that no longer exists; null for a lead from no link. */
  link: string | null | { deleted: true };
  /** ISO 8601. */
  createdAt: string;
}

/**
 * The table's words, translated once per page: each row shows its status, source and time twice (phone and
 * wider screens), and a translator per cell was a tenth of the page's server time.
 */
interface RowText {
  direct: string;
  formerMember: string;
  status: Record<LeadStatus, string>;
}

function Utm({ lead, text }: { lead: LeadRow; text: RowText }) {
  if (!lead.utmSource && !lead.utmMedium && !lead.utmCampaign) return <span className="text-slate-500">{text.direct}</span>;
  return (
    <div className="min-w-0">
      <p className="truncate text-slate-800" title={[lead.utmSource ?? "—", lead.utmMedium].filter(Boolean).join(" / ")}>
        {lead.utmSource ?? "—"}
        {lead.utmMedium ? <span className="text-slate-500"> / {lead.utmMedium}</span> : null}
      </p>
      {lead.utmCampaign ? (
        <p className="truncate text-xs text-slate-500" title={lead.utmCampaign}>
          {lead.utmCampaign}
        </p>
      ) : null}
    </div>
  );
}

const muted = <span className="text-slate-500">—</span>;

/** Status, then the owner and tags under it. */
function Workflow({ lead, text, className }: { lead: LeadRow; text: RowText; className?: string }) {
  return (
    <div className={className} data-testid="lead-row-workflow">
      <StatusBadge status={lead.status} label={text.status[lead.status]} />
      {lead.owner ? (
        <p className="mt-1 truncate text-xs text-slate-600" title={typeof lead.owner === "string" ? lead.owner : undefined}>
          {typeof lead.owner === "string" ? lead.owner : text.formerMember}
        </p>
      ) : null}
      {lead.tags.length > 0 ? (
        <p className="mt-1 flex flex-wrap gap-1">
          {lead.tags.map((tag) => (
            <span key={tag} className="rounded bg-slate-100 px-1.5 py-0.5 text-[11px] text-slate-600">
              {tag}
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}

/** When the lead came in, in the viewer's zone and language (as LocalTime writes it; formatted once per row). */
function Created({ iso, text, className }: { iso: string; text: string; className?: string }) {
  return (
    <time dateTime={iso} title={iso} className={className} suppressHydrationWarning>
      {text}
    </time>
  );
}

/**
 * The leads of one page. On a phone the table keeps one column, the lead, with its phone, source and
 * time under the name; wider screens get a column each. A table cell's max-width does not bind in the
 * automatic table layout: the widths are capped by the blocks inside the cells (`max-w-*` with
 * `truncate`, the full text in `title`), so that a long address or campaign cannot push the last
 * column out of the card at 1440 px.
 */
export function LeadsTableView({ leads, basePath }: { leads: LeadRow[]; basePath: string }) {
  const t = useTranslations("leads.table");
  const tw = useTranslations("workflow");
  const viewer = useViewer();
  const text: RowText = {
    direct: t("direct"),
    formerMember: tw("table.formerMember"),
    status: Object.fromEntries(LEAD_STATUSES.map((status) => [status, tw(`status.${status}`)])) as Record<LeadStatus, string>,
  };
  return (
    <Table caption={t("caption")}>
      <thead>
        <tr>
          <Th className="w-8">
            <SelectAllLeads />
          </Th>
          <Th>{t("lead")}</Th>
          <Th className="hidden sm:table-cell">{t("phone")}</Th>
          <Th className="hidden sm:table-cell">{tw("table.status")}</Th>
          <Th className="hidden sm:table-cell">{t("source")}</Th>
          <Th className="hidden md:table-cell">{t("link")}</Th>
          <Th className="hidden sm:table-cell">{t("created")}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100" data-testid="leads-rows">
        {leads.map((lead) => {
          const created = formatInstant(new Date(lead.createdAt), viewer, "datetime");
          return (
            <tr key={lead.id} className="hover:bg-slate-50" data-testid="lead-row">
              <Td className="w-8 align-top">
                <input
                  type="checkbox"
                  data-lead-select
                  value={lead.id}
                  aria-label={tw("table.selectLead", { name: lead.name ?? lead.email ?? lead.id })}
                  className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
                />
              </Td>
              <Td>
                <div className="max-w-[calc(100vw-8rem)] sm:max-w-52">
                  <Link
                    href={`${basePath}/${lead.id}`}
                    className="font-medium wrap-anywhere text-indigo-700 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    {lead.name ?? lead.email ?? lead.phone ?? t("unnamed")}
                  </Link>
                  {lead.email && lead.name ? (
                    <p className="mt-0.5 truncate text-xs text-slate-500" title={lead.email}>
                      {lead.email}
                    </p>
                  ) : null}
                  <Workflow lead={lead} text={text} className="mt-1.5 sm:hidden" />
                  <div className="mt-1.5 space-y-1 text-xs text-slate-500 sm:hidden" data-testid="lead-row-summary">
                    {lead.phone ? <p className="tabular-nums text-slate-700">{lead.phone}</p> : null}
                    <Utm lead={lead} text={text} />
                    <Created iso={lead.createdAt} text={created} className="block" />
                  </div>
                </div>
              </Td>
              <Td className="hidden whitespace-nowrap tabular-nums sm:table-cell">{lead.phone ?? muted}</Td>
              <Td className="hidden sm:table-cell">
                <Workflow lead={lead} text={text} className="max-w-32" />
              </Td>
              <Td className="hidden sm:table-cell">
                <div className="max-w-36">
                  <Utm lead={lead} text={text} />
                </div>
              </Td>
              <Td className="hidden md:table-cell">
                {lead.link === null ? (
                  muted
                ) : typeof lead.link === "string" ? (
                  <p className="max-w-36 truncate" title={lead.link}>
                    {lead.link}
                  </p>
                ) : (
                  <span className="text-slate-500">{t("deletedLink")}</span>
                )}
              </Td>
              <Td className="hidden text-slate-500 sm:table-cell">
                {/* Two lines, date over time ("Nov 27, 2026," / "01:18:34 PM GMT-3"): on one, the column ran out of the card. */}
                <Created iso={lead.createdAt} text={created} className="block max-w-36" />
              </Td>
            </tr>
          );
        })}
      </tbody>
    </Table>
  );
}
