"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { LeadStatus } from "@/lib/leads/lead-workflow-input";
import { LeadStatusBadge } from "./lead-status-badge";
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

function Utm({ lead }: { lead: LeadRow }) {
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

/** Status, then the owner and tags under it. */
function Workflow({ lead, className }: { lead: LeadRow; className?: string }) {
  const t = useTranslations("workflow.table");
  return (
    <div className={className} data-testid="lead-row-workflow">
      <LeadStatusBadge status={lead.status} />
      {lead.owner ? (
        <p className="mt-1 truncate text-xs text-slate-600">{typeof lead.owner === "string" ? lead.owner : t("formerMember")}</p>
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

/**
 * The leads of one page. On a phone the table keeps one column, the lead, with its phone, source and
 * time under the name; wider screens get a column each.
 */
export function LeadsTableView({ leads, basePath }: { leads: LeadRow[]; basePath: string }) {
  const t = useTranslations("leads.table");
  const tw = useTranslations("workflow.table");
  return (
    <Table caption={t("caption")}>
      <thead>
        <tr>
          <Th className="w-8">
            <SelectAllLeads />
          </Th>
          <Th>{t("lead")}</Th>
          <Th className="hidden sm:table-cell">{t("phone")}</Th>
          <Th className="hidden sm:table-cell">{tw("status")}</Th>
          <Th className="hidden sm:table-cell">{t("source")}</Th>
          <Th className="hidden md:table-cell">{t("link")}</Th>
          <Th className="hidden sm:table-cell">{t("created")}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100" data-testid="leads-rows">
        {leads.map((lead) => (
          <tr key={lead.id} className="hover:bg-slate-50" data-testid="lead-row">
            <Td className="w-8 align-top">
              <input
                type="checkbox"
                data-lead-select
                value={lead.id}
                aria-label={tw("selectLead", { name: lead.name ?? lead.email ?? lead.id })}
                className="size-4 rounded border-slate-300 text-indigo-600 focus:ring-indigo-600"
              />
            </Td>
            <Td className="max-w-[calc(100vw-6rem)] sm:max-w-xs">
              <Link
                href={`${basePath}/${lead.id}`}
                className="font-medium break-words text-indigo-700 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {lead.name ?? lead.email ?? lead.phone ?? t("unnamed")}
              </Link>
              {lead.email && lead.name ? <p className="mt-0.5 truncate text-xs text-slate-500">{lead.email}</p> : null}
              <Workflow lead={lead} className="mt-1.5 sm:hidden" />
              <div className="mt-1.5 space-y-1 text-xs text-slate-500 sm:hidden" data-testid="lead-row-summary">
                {lead.phone ? <p className="tabular-nums text-slate-700">{lead.phone}</p> : null}
                <Utm lead={lead} />
                <LocalTime value={lead.createdAt} mode="datetime" className="block" />
              </div>
            </Td>
            <Td className="hidden whitespace-nowrap tabular-nums sm:table-cell">{lead.phone ?? muted}</Td>
            <Td className="hidden max-w-[12rem] sm:table-cell">
              <Workflow lead={lead} />
            </Td>
            <Td className="hidden max-w-[14rem] sm:table-cell">
              <Utm lead={lead} />
            </Td>
            <Td className="hidden max-w-[12rem] truncate md:table-cell">
              {lead.link === null ? (
                muted
              ) : typeof lead.link === "string" ? (
                lead.link
              ) : (
                <span className="text-slate-400">{t("deletedLink")}</span>
              )}
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
