import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LinkAssignmentForm } from "@/components/assignment/link-assignment-form";
import { LinkSettingsForm } from "@/components/links/link-settings-form";
import { LinkSettingsSummary } from "@/components/links/link-settings-summary";
import { LinkStats } from "@/components/links/link-stats";
import { LinkStatusBadge } from "@/components/links/link-status-badge";
import { MappingSection } from "@/components/links/mapping-section";
import { PendingMetaFetches } from "@/components/links/pending-meta-fetches";
import { RefusedOrigins } from "@/components/links/refused-origins";
import { RequestLog } from "@/components/links/request-log";
import { SnippetTabs } from "@/components/links/snippet-tabs";
import { SourceCard } from "@/components/links/source-card";
import { Alert } from "@/components/ui/alert";
import { buttonClass } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { inputClass } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { loadAssignmentChoices } from "@/lib/assignment/assignment-choices";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { dryRunSnippet } from "@/lib/capture/snippets/dry-run-snippet";
import { linkSnippets } from "@/lib/capture/snippets/link-snippets";
import { linkSnippetForm } from "@/lib/capture/snippets/snippet-form";
import { getDatabase } from "@/lib/db/client";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { listFields } from "@/lib/fields/list-fields";
import { hostedFormUrl } from "@/lib/links/capture-url";
import { getLink } from "@/lib/links/get-link";
import { linkViews } from "@/lib/links/link-views";
import {
  countLinkSubmissions,
  listLinkSubmissions,
  SUBMISSION_FILTERS,
  type SubmissionFilter,
} from "@/lib/links/list-link-submissions";
import { listPendingMetaFetches } from "@/lib/links/pending-meta-fetches";
import { listRefusedOrigins } from "@/lib/links/refused-origins";
import { allowOriginAction, releaseSpamAction, revokeLinkAction, updateLinkSettingsAction } from "../actions";
import { updateLinkAssignmentAction } from "../assignment-actions";
import { requestBaseUrl } from "../request-base-url";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("links.detail"))("title") };
}
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export default async function LinkPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string; id: string }>;
  searchParams: Promise<SearchParams>;
}) {
  const [{ slug, id }, query, tApi] = await Promise.all([params, searchParams, getTranslations("apiKeys")]);
  const { workspace, role } = await requireWorkspace(slug);
  const canManage = hasRole(role, "admin");
  const t = await getTranslations("links.detail");
  const baseUrl = await requestBaseUrl();
  const link = await getLink(workspace.id, id, { baseUrl }).catch((error: unknown) => {
    // Another workspace's link is "not found" too: the query is scoped to this workspace.
    if (isAppError(error) && error.code === "capture_link_not_found") notFound();
    throw error;
  });

  const views = await linkViews(await getDatabase(), workspace.id, link.id);

  const requested = single(query.filter);
  const filter: SubmissionFilter = SUBMISSION_FILTERS.find((value) => value === requested) ?? "all";
  const active = link.status === "active";
  const [page, fields, refused, counts, pendingFetches] = await Promise.all([
    listLinkSubmissions(workspace.id, link.id, { filter, before: single(query.before), after: single(query.after) }),
    // A revoked link's page invites no sending and no editing: no snippets, no settings, nothing to allow.
    active ? listFields(workspace.id) : [],
    active ? listRefusedOrigins(workspace.id, link) : [],
    countLinkSubmissions(workspace.id, link.id),
    // Meta's leads are read after Meta is answered: those still waiting show before the request log has them.
    link.source === "meta_lead_ads" ? listPendingMetaFetches(workspace.id, link.id) : undefined,
  ]);
  // The assignment section (DESIGN.md section 16): an admin's, on an active link, with the members to choose from.
  const tAssignment = await getTranslations("assignment");
  const assignment = canManage && active ? await loadAssignmentChoices(workspace.id, link.id) : undefined;
  const tForms = await getTranslations("forms.snippet");
  const workspacePath = `/w/${workspace.slug}`;
  const linkPath = `${workspacePath}/links/${link.id}`;
  const defaultRateLimit = env().INGEST_RATE_LIMIT;
  const formUrl = hostedFormUrl(link.token, baseUrl);
  const tForm = await getTranslations("links.formTab");
  const tPending = await getTranslations("links.pendingFetches");

  // What the visitor reads, in the workspace's language, with a consent checkbox when the link requires consent.
  const form = active ? await linkSnippetForm(workspace, link, fields) : undefined;
  const snippets = form
    ? linkSnippets({
        url: link.url,
        form,
        honeypotField: link.honeypotField,
        country: workspace.country,
        captchaProvider: link.captchaProvider,
      })
    : undefined;
  const activeFields = fields.filter((field) => !field.archived);
  const requestLog = (
    <>
      {pendingFetches && pendingFetches.total > 0 ? (
        <Card title={tPending("title")} description={tPending("description")}>
          <PendingMetaFetches total={pendingFetches.total} fetches={pendingFetches.fetches} />
        </Card>
      ) : null}
      <RequestLog
        page={page}
        filter={filter}
        counts={counts}
        linkPath={linkPath}
        workspacePath={workspacePath}
        revoked={!active}
        snippets={link.source === "json"}
        releaseSpam={
          canManage && active
            ? (submissionId: string) => releaseSpamAction.bind(null, workspace.slug, link.id, submissionId)
            : undefined
        }
      />
    </>
  );
  // Only an active link invites sending and editing.
  const activeSections = snippets ? (
    <>
      <Card title={t("url.title")} description={link.source === "json" ? t("url.description") : t("url.descriptionSource")}>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor="capture-url" className="sr-only">
            {t("url.title")}
          </label>
          <input
            id="capture-url"
            readOnly
            value={link.url}
            className={`${inputClass} min-w-0 font-mono`}
            data-testid="capture-url"
          />
          <div className="shrink-0">
            <CopyButton value={link.url} label={t("url.copy")} />
          </div>
        </div>
      </Card>
      <SourceCard link={link} />

      <MappingSection workspace={workspace} linkId={link.id} canManage={canManage} />

      <Card
        title={tForm("share.title")}
        description={tForm("share.description")}
        actions={
          <Link href={`${linkPath}/form`} className="text-sm font-medium text-indigo-700 hover:text-indigo-900">
            {tForm("share.edit")}
          </Link>
        }
      >
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          {/* biome-ignore lint/performance/noImgElement: a generated SVG from this server, no optimisation to gain */}
          <img
            src={`${linkPath}/qr.svg`}
            alt={tForm("share.qrAlt")}
            width={144}
            height={144}
            className="size-36 shrink-0 rounded-md ring-1 ring-slate-200"
            data-testid="form-qr"
          />
          <div className="min-w-0 flex-1 space-y-3">
            <div>
              <label htmlFor="form-url" className="block text-sm font-medium text-slate-700">
                {tForm("share.urlLabel")}
              </label>
              <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:items-center">
                <input
                  id="form-url"
                  readOnly
                  value={formUrl}
                  className={`${inputClass} min-w-0 font-mono`}
                  data-testid="form-url"
                />
                <div className="shrink-0">
                  <CopyButton value={formUrl} label={tForm("share.copy")} />
                </div>
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <a href={`${linkPath}/qr.png`} download className={buttonClass("secondary", "sm")}>
                {tForm("share.downloadPng")}
              </a>
              <a href={`${linkPath}/qr.svg`} download className={buttonClass("secondary", "sm")}>
                {tForm("share.downloadSvg")}
              </a>
            </div>
          </div>
        </div>
      </Card>

      {refused.length > 0 ? (
        <Card
          title={t("refused.title")}
          description={canManage ? t("refused.descriptionManager") : t("refused.descriptionMember")}
        >
          <RefusedOrigins
            origins={refused}
            allow={canManage ? allowOriginAction.bind(null, workspace.slug, link.id) : undefined}
          />
        </Card>
      ) : null}

      {/* The settings card is the tallest: the log goes under the snippets, beside it (in one row, the
          shorter snippets card was stretched to the settings' height, a tall empty card). */}
      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          {/* The snippets post section 3's JSON, which only a JSON link takes: a Google Ads, Meta, RD Station or
              mapping link takes its platform's body, and its source card says how to connect it. */}
          {link.source === "json" ? (
            <Card
              title={t("snippets.title")}
              description={
                activeFields.length > 0
                  ? t("snippets.withFields", { fields: activeFields.map((field) => field.name).join(", ") })
                  : t("snippets.withoutFields")
              }
            >
              <SnippetTabs
                snippets={[
                  {
                    key: "curl",
                    tab: "curl",
                    label: "Shell",
                    code: snippets.curl,
                    description: t("snippets.curl"),
                  },
                  {
                    key: "fetch",
                    tab: "JavaScript",
                    label: "JavaScript (fetch)",
                    code: snippets.fetch,
                    description: t("snippets.fetch"),
                  },
                  {
                    key: "html",
                    tab: t("snippets.htmlTab"),
                    label: "HTML",
                    code: snippets.html,
                    description: t("snippets.html"),
                  },
                  {
                    key: "plain-form",
                    tab: tForms("tab"),
                    label: "HTML",
                    code: snippets.plainForm,
                    description: link.acceptForms ? tForms("descriptionOn") : tForms("descriptionOff"),
                  },
                  {
                    key: "dry-run",
                    tab: tApi("dryRunTab"),
                    label: tApi("dryRunLabel"),
                    code: dryRunSnippet({
                      url: link.url,
                      form: snippets.form,
                      honeypotField: link.honeypotField,
                      country: workspace.country,
                    }),
                    description: tApi("dryRunDescription"),
                  },
                ]}
              />
              <p className="mt-3 text-xs text-slate-500">
                {tApi.rich("apiReference", {
                  docs: (chunks) => (
                    <a href="/docs" className="font-medium text-indigo-700 hover:text-indigo-900">
                      {chunks}
                    </a>
                  ),
                })}
              </p>
            </Card>
          ) : null}
          {requestLog}
        </div>
        <Card
          title={t("settings.title")}
          description={canManage ? t("settings.descriptionManager") : t("settings.descriptionMember")}
          className="min-w-0"
        >
          {canManage ? (
            <LinkSettingsForm
              action={updateLinkSettingsAction.bind(null, workspace.slug, link.id)}
              current={{
                allowedOrigins: link.allowedOrigins.join("\n"),
                rateLimit: link.rateLimit ?? "",
                honeypotField: link.honeypotField ?? "",
                requireIdentity: link.requireIdentity,
                requireConsent: link.requireConsent,
                acceptForms: link.acceptForms,
                successUrl: link.successUrl ?? "",
                errorUrl: link.errorUrl ?? "",
                captchaProvider: link.captchaProvider ?? "",
                captchaMinScore: link.captchaMinScore === null ? "" : String(link.captchaMinScore),
                captchaAcceptOnOutage: link.captchaAcceptOnOutage,
                captchaSiteKey: link.captchaSiteKey ?? "",
                captchaSecretSet: link.captchaProvider !== null,
              }}
              defaultRateLimit={defaultRateLimit}
            />
          ) : (
            <LinkSettingsSummary link={link} defaultRateLimit={defaultRateLimit} />
          )}
        </Card>
      </div>
      {assignment ? (
        <Card title={tAssignment("title")} description={tAssignment("intro")} className="min-w-0">
          <LinkAssignmentForm
            action={updateLinkAssignmentAction.bind(null, workspace.slug, link.id)}
            roundRobin={assignment.settings.roundRobin}
            chosen={assignment.settings.assignees.map((member) => member.id)}
            members={assignment.members}
            responseTargetMinutes={assignment.settings.responseTargetMinutes}
          />
        </Card>
      ) : null}
    </>
  ) : null;

  return (
    <div className="min-w-0 space-y-6">
      <div>
        <Link href={`${workspacePath}/links`} className="text-sm font-medium text-slate-500 hover:text-slate-900">
          ← {t("back")}
        </Link>
        <div className="mt-2">
          <PageHeader
            title={link.name}
            description={
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <LinkStatusBadge status={link.status} />
                <span>
                  {t("created")} <LocalTime value={link.createdAt} mode="date" />
                </span>
                {link.revokedAt ? (
                  <span data-testid="revoked-at">
                    · {t("revoked")} <LocalTime value={link.revokedAt} />
                  </span>
                ) : null}
              </span>
            }
            actions={
              canManage && active ? (
                <ConfirmDialog
                  trigger={t("revoke.button")}
                  title={t("revoke.title", { name: link.name })}
                  confirmLabel={t("revoke.button")}
                  pendingLabel={t("revoke.pending")}
                  action={revokeLinkAction.bind(null, workspace.slug, link.id)}
                >
                  <p>{t("revoke.effect")}</p>
                  <p>{t("revoke.final")}</p>
                </ConfirmDialog>
              ) : null
            }
          />
        </div>
        {active ? null : (
          <Alert>
            {t.rich("revokedNotice", {
              when: () =>
                link.revokedAt ? (
                  <>
                    {" "}
                    {t("revokedOn")} <LocalTime value={link.revokedAt} />
                  </>
                ) : null,
              code: (chunks) => <code className="font-mono">{chunks}</code>,
            })}
          </Alert>
        )}
      </div>

      {/* Rejected: refused with an error, as the request log's tab counts them (not spam, not dry runs; section 16). */}
      <LinkStats counters={{ ...link.counters, rejected: counts.rejected }} views={views.total} />

      {activeSections ?? requestLog}
    </div>
  );
}
