import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ExportDialog } from "@/components/leads/export-dialog";
import { LeadBulkActions } from "@/components/leads/lead-bulk-actions";
import { LeadFilters } from "@/components/leads/lead-filters";
import { LeadsPagination } from "@/components/leads/leads-pagination";
import { LeadsTable } from "@/components/leads/leads-table";
import { NoLeadsYet } from "@/components/leads/no-leads-yet";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { curlSnippet } from "@/lib/capture/snippets/link-snippets";
import { linkSnippetForm } from "@/lib/capture/snippets/snippet-form";
import { listFields } from "@/lib/fields/list-fields";
import { zoneName } from "@/lib/i18n/zone-name";
import { excelSeparator } from "@/lib/leads/export-leads";
import { hasActiveFilter, LeadFilter, leadFilterParams, leadFilterQuery } from "@/lib/leads/lead-filter";
import { listLeadPage } from "@/lib/leads/list-leads";
import { captureUrl } from "@/lib/links/capture-url";
import { getLink } from "@/lib/links/get-link";
import { excelLocale } from "@/lib/request/excel-locale";
import { translateZodIssues } from "@/lib/request/translate-error";
import { getViewer } from "@/lib/request/viewer";
import { listFilterChoices } from "@/lib/workspaces/list-filter-choices";
import { requestBaseUrl } from "../links/request-base-url";
import { bulkUpdateLeadsAction, countBulkTargetAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("leads"))("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

/** A filter's name in the address as the filter form labels it ("utm_source": "UTM source"). */
async function filterLabels(): Promise<(field: string) => string> {
  const [filters, workflow] = await Promise.all([getTranslations("leads.filters"), getTranslations("workflow.filters")]);
  const labels: Record<string, string> = {
    q: filters("search"),
    link: filters("link"),
    utm_source: filters("utmSource"),
    utm_medium: filters("utmMedium"),
    utm_campaign: filters("utmCampaign"),
    from: filters("from"),
    to: filters("to"),
    sort: filters("sort"),
    status: workflow("status"),
    owner: workflow("owner"),
    tag: workflow("tag"),
  };
  return (field) => labels[field] ?? field;
}

export default async function LeadsPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ slug }, query] = await Promise.all([params, searchParams]);
  const [{ workspace, role }, viewer] = await Promise.all([requireWorkspace(slug), getViewer()]);
  const basePath = `/w/${workspace.slug}/leads`;
  const [t, dashboard] = await Promise.all([getTranslations("leads"), getTranslations("dashboard")]);
  const raw = leadFilterParams(query);
  const parsed = LeadFilter.safeParse(raw);
  const after = typeof query.after === "string" ? query.after : undefined;
  const filterIssues = parsed.success ? [] : await translateZodIssues(parsed.error);
  const filterLabel = await filterLabels();

  const [{ links, members, tags }, csvLocale, page] = await Promise.all([
    listFilterChoices(workspace.id),
    excelLocale(),
    parsed.success ? listLeadPage(workspace.id, parsed.data, { after, timeZone: viewer.timeZone }) : undefined,
  ]);
  const linkNames = new Map(links.map((link) => [link.id, link.name]));
  const memberOptions = members.map((member) => ({ id: member.userId, label: member.name ?? member.email }));
  const ownerNames = new Map(memberOptions.map((member) => [member.id, member.label]));
  const filter = parsed.success ? parsed.data : undefined;
  const filtered = filter ? hasActiveFilter(filter) : true;
  const filterQuery = filter ? leadFilterQuery(filter).replace(/^\?/, "") : "";
  const hrefFor = (cursor: string | undefined) => `${basePath}${filter ? leadFilterQuery(filter, { after: cursor }) : ""}`;
  const workspaceEmpty = page !== undefined && page.leads.length === 0 && !filtered && !after;

  let emptyLink: { name: string; path: string; curl: string } | undefined;
  if (workspaceEmpty) {
    const active = links.find((link) => link.status === "active");
    if (active) {
      const [fields, baseUrl, link] = await Promise.all([
        listFields(workspace.id),
        requestBaseUrl(),
        getLink(workspace.id, active.id),
      ]);
      emptyLink = {
        name: active.name,
        path: `/w/${workspace.slug}/links/${active.id}`,
        curl: curlSnippet({
          url: captureUrl(active.token, baseUrl),
          form: await linkSnippetForm(workspace, link, fields),
          country: workspace.country,
        }),
      };
    }
  }

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
        actions={
          workspaceEmpty ? null : (
            <ExportDialog
              action={`${basePath}/export`}
              params={Object.fromEntries(new URLSearchParams(filterQuery))}
              separator={excelSeparator(csvLocale)}
            />
          )
        }
      />
      {workspaceEmpty ? (
        <NoLeadsYet link={emptyLink} linksPath={`/w/${workspace.slug}/links`} canManage={hasRole(role, "admin")} />
      ) : (
        <>
          <LeadFilters
            key={JSON.stringify(raw)}
            basePath={basePath}
            values={raw}
            links={links.map(({ id, name }) => ({ id, name }))}
            members={memberOptions}
            tags={tags}
            zone={zoneName(dashboard, viewer.timeZone)}
          />
          {parsed.success ? null : (
            <Alert>
              <p className="font-medium">{t("invalidFilters")}</p>
              <ul className="mt-1 list-disc pl-5">
                {filterIssues.map((issue) => (
                  <li key={`${issue.field}:${issue.message}`}>
                    {filterLabel(issue.field)}: {issue.message}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
          {page ? (
            // Kept when a bulk action empties the filtered page, so that its result stays on screen.
            <LeadBulkActions
              query={filterQuery}
              filtered={filtered}
              members={memberOptions}
              tags={tags}
              count={countBulkTargetAction.bind(null, workspace.slug)}
              apply={bulkUpdateLeadsAction.bind(null, workspace.slug)}
            />
          ) : null}
          {page && page.leads.length === 0 ? (
            <EmptyState
              title={after ? t("noMore") : t("noMatch")}
              action={
                <Link href={after ? hrefFor(undefined) : basePath} className={buttonClass("secondary")}>
                  {after ? t("backToFirst") : t("clearFilters")}
                </Link>
              }
            >
              <p>{t("noMatchHint")}</p>
            </EmptyState>
          ) : null}
          {page && page.leads.length > 0 ? (
            <>
              <p className="mb-2 text-xs text-slate-500" aria-live="polite">
                {t("count", { count: page.leads.length, more: page.nextCursor ? "yes" : "no", paged: after ? "yes" : "no" })} ·{" "}
                {t(`sorts.${filter!.sort}`).toLowerCase()}
              </p>
              <LeadsTable leads={page.leads} basePath={basePath} linkNames={linkNames} ownerNames={ownerNames} />
              <LeadsPagination hrefFor={hrefFor} previous={page.previousCursor} next={page.nextCursor} onFirstPage={!after} />
            </>
          ) : null}
        </>
      )}
    </>
  );
}
