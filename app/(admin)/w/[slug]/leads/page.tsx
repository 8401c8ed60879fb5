import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LeadFilters } from "@/components/leads/lead-filters";
import { LeadsPagination } from "@/components/leads/leads-pagination";
import { LeadsTable } from "@/components/leads/leads-table";
import { NoLeadsYet } from "@/components/leads/no-leads-yet";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { listFields } from "@/lib/fields/list-fields";
import { zoneName } from "@/lib/i18n/zone-name";
import { hasActiveFilter, LeadFilter, leadFilterParams, leadFilterQuery } from "@/lib/leads/lead-filter";
import { listLeadPage } from "@/lib/leads/list-leads";
import { captureUrl } from "@/lib/links/capture-url";
import { curlSnippet } from "@/lib/links/link-snippets";
import { listLinks } from "@/lib/links/list-links";
import { getViewer } from "@/lib/time/viewer";
import { toFieldIssues } from "@/lib/validation/parse-input";
import { requestBaseUrl } from "../links/request-base-url";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("leads"))("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

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

  const [links, page] = await Promise.all([
    listLinks(workspace.id),
    parsed.success ? listLeadPage(workspace.id, parsed.data, { after, timeZone: viewer.timeZone }) : undefined,
  ]);
  const linkNames = new Map(links.map((link) => [link.id, link.name]));
  const filter = parsed.success ? parsed.data : undefined;
  const filtered = filter ? hasActiveFilter(filter) : true;
  const exportHref = `${basePath}/export${filter ? leadFilterQuery(filter) : ""}`;
  const hrefFor = (cursor: string | undefined) => `${basePath}${filter ? leadFilterQuery(filter, { after: cursor }) : ""}`;
  const workspaceEmpty = page !== undefined && page.leads.length === 0 && !filtered && !after;

  let emptyLink: { name: string; path: string; curl: string } | undefined;
  if (workspaceEmpty) {
    const active = links.find((link) => link.status === "active");
    if (active) {
      const [fields, baseUrl] = await Promise.all([listFields(workspace.id), requestBaseUrl()]);
      emptyLink = {
        name: active.name,
        path: `/w/${workspace.slug}/links/${active.id}`,
        curl: curlSnippet({ url: captureUrl(active.token, baseUrl), fields, country: workspace.country }),
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
            <a href={exportHref} download className={buttonClass("secondary")}>
              <span aria-hidden>↓</span> {t("export")}
            </a>
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
            zone={zoneName(dashboard, viewer.timeZone)}
          />
          {parsed.success ? null : (
            <Alert>
              <p className="font-medium">{t("invalidFilters")}</p>
              <ul className="mt-1 list-disc pl-5">
                {toFieldIssues(parsed.error).map((issue) => (
                  <li key={`${issue.field}:${issue.code}`}>
                    {issue.field} {issue.message}
                  </li>
                ))}
              </ul>
            </Alert>
          )}
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
              <LeadsTable leads={page.leads} basePath={basePath} linkNames={linkNames} />
              <LeadsPagination hrefFor={hrefFor} previous={page.previousCursor} next={page.nextCursor} onFirstPage={!after} />
            </>
          ) : null}
        </>
      )}
    </>
  );
}
