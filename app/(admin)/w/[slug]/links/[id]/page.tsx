import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LinkSettingsForm } from "@/components/links/link-settings-form";
import { LinkSettingsSummary } from "@/components/links/link-settings-summary";
import { LinkStats } from "@/components/links/link-stats";
import { LinkStatusBadge } from "@/components/links/link-status-badge";
import { RefusedOrigins } from "@/components/links/refused-origins";
import { RequestLog } from "@/components/links/request-log";
import { SnippetTabs } from "@/components/links/snippet-tabs";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyButton } from "@/components/ui/copy-button";
import { inputClass } from "@/components/ui/field";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { env } from "@/lib/env";
import { isAppError } from "@/lib/errors";
import { listFields } from "@/lib/fields/list-fields";
import { getLink } from "@/lib/links/get-link";
import { linkSnippets } from "@/lib/links/link-snippets";
import { countLinkSpam, listLinkSubmissions, SUBMISSION_FILTERS, type SubmissionFilter } from "@/lib/links/list-link-submissions";
import { listRefusedOrigins } from "@/lib/links/refused-origins";
import { allowOriginAction, releaseSpamAction, revokeLinkAction, updateLinkSettingsAction } from "../actions";
import { requestBaseUrl } from "../request-base-url";

export const metadata: Metadata = { title: "Capture link" };
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
  const [{ slug, id }, query] = await Promise.all([params, searchParams]);
  const { workspace, role } = await requireWorkspace(slug);
  const canManage = hasRole(role, "admin");
  const link = await getLink(workspace.id, id, { baseUrl: await requestBaseUrl() }).catch((error: unknown) => {
    // Another workspace's link is "not found" too: the query is scoped to this workspace.
    if (isAppError(error) && error.code === "capture_link_not_found") notFound();
    throw error;
  });

  const requested = single(query.filter);
  const filter: SubmissionFilter = SUBMISSION_FILTERS.find((value) => value === requested) ?? "all";
  const active = link.status === "active";
  const [page, fields, refused, spamCount] = await Promise.all([
    listLinkSubmissions(workspace.id, link.id, { filter, before: single(query.before), after: single(query.after) }),
    // A revoked link's page invites no sending and no editing: no snippets, no settings, nothing to allow.
    active ? listFields(workspace.id) : [],
    active ? listRefusedOrigins(workspace.id, link) : [],
    countLinkSpam(workspace.id, link.id),
  ]);
  const tForms = await getTranslations("forms.snippet");
  const workspacePath = `/w/${workspace.slug}`;
  const linkPath = `${workspacePath}/links/${link.id}`;
  const defaultRateLimit = env().INGEST_RATE_LIMIT;

  const snippets = active
    ? linkSnippets({
        url: link.url,
        fields,
        honeypotField: link.honeypotField,
        country: workspace.country,
        captchaProvider: link.captchaProvider,
      })
    : undefined;
  const activeFields = fields.filter((field) => !field.archived);
  // Only an active link invites sending and editing.
  const activeSections = snippets ? (
    <>
      <Card
        title="Capture URL"
        description="Send leads to this address with POST and a JSON body. Keep it in your page or integration; anyone who has it can send leads."
      >
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor="capture-url" className="sr-only">
            Capture URL
          </label>
          <input
            id="capture-url"
            readOnly
            value={link.url}
            className={`${inputClass} min-w-0 font-mono`}
            data-testid="capture-url"
          />
          <div className="shrink-0">
            <CopyButton value={link.url} label="Copy URL" />
          </div>
        </div>
      </Card>

      {refused.length > 0 ? (
        <Card
          title="Refused origins"
          description={
            canManage
              ? "Browsers on these websites posted to this link lately and were refused (403 origin_not_allowed): not in its allowed origins. If one is yours, allow it."
              : "Browsers on these websites posted to this link lately and were refused (403 origin_not_allowed). Owners and admins can allow them."
          }
        >
          <RefusedOrigins
            origins={refused}
            allow={canManage ? allowOriginAction.bind(null, workspace.slug, link.id) : undefined}
          />
        </Card>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <Card
          title="Snippets"
          className="min-w-0 lg:col-span-2"
          description={
            activeFields.length > 0
              ? `Ready to paste, with this workspace's custom fields: ${activeFields.map((field) => field.name).join(", ")}.`
              : "Ready to paste. Custom fields you create appear here too."
          }
        >
          <SnippetTabs
            snippets={[
              {
                key: "curl",
                tab: "curl",
                label: "Shell",
                code: snippets.curl,
                description: "From a terminal or a server: sends one test lead with example values.",
              },
              {
                key: "fetch",
                tab: "JavaScript",
                label: "JavaScript (fetch)",
                code: snippets.fetch,
                description:
                  "For a form already on your page (id=\"leadlink-form\", or the page's only form): nothing is sent until a visitor submits it; then its inputs go to this link as JSON and Leadlink's answer, errors field by field, shows under the form.",
              },
              {
                key: "html",
                tab: "HTML form",
                label: "HTML",
                code: snippets.html,
                description:
                  "A complete form with the same script: paste it where the form should appear and style it like the rest of your page.",
              },
              {
                key: "plain-form",
                tab: tForms("tab"),
                label: "HTML",
                code: snippets.plainForm,
                description: link.acceptForms ? tForms("descriptionOn") : tForms("descriptionOff"),
              },
            ]}
          />
        </Card>
        <Card
          title="Settings"
          description={
            canManage ? "Changes apply to new requests within a few seconds." : "Only owners and admins can change these."
          }
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
                acceptForms: link.acceptForms,
                successUrl: link.successUrl ?? "",
                errorUrl: link.errorUrl ?? "",
                captchaProvider: link.captchaProvider ?? "",
                captchaMinScore: link.captchaMinScore === null ? "" : String(link.captchaMinScore),
                captchaAcceptOnOutage: link.captchaAcceptOnOutage,
                captchaSecretSet: link.captchaProvider !== null,
              }}
              defaultRateLimit={defaultRateLimit}
            />
          ) : (
            <LinkSettingsSummary link={link} defaultRateLimit={defaultRateLimit} />
          )}
        </Card>
      </div>
    </>
  ) : null;

  return (
    <div className="min-w-0 space-y-6">
      <div>
        <Link href={`${workspacePath}/links`} className="text-sm font-medium text-slate-500 hover:text-slate-900">
          ← Capture links
        </Link>
        <div className="mt-2">
          <PageHeader
            title={link.name}
            description={
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <LinkStatusBadge status={link.status} />
                <span>
                  Created <LocalTime value={link.createdAt} mode="date" />
                </span>
                {link.revokedAt ? (
                  <span data-testid="revoked-at">
                    · Revoked <LocalTime value={link.revokedAt} />
                  </span>
                ) : null}
              </span>
            }
            actions={
              canManage && active ? (
                <ConfirmDialog
                  trigger="Revoke link"
                  title={`Revoke “${link.name}”?`}
                  confirmLabel="Revoke link"
                  pendingLabel="Revoking…"
                  action={revokeLinkAction.bind(null, workspace.slug, link.id)}
                >
                  <p>
                    Every request to this link will be refused with 410 Gone from now on. Pages that still post to it will lose
                    their leads.
                  </p>
                  <p>This cannot be undone: create a new link to start again. The request log and the leads stay.</p>
                </ConfirmDialog>
              ) : null
            }
          />
        </div>
        {active ? null : (
          <Alert>
            This link was revoked
            {link.revokedAt ? (
              <>
                {" "}
                on <LocalTime value={link.revokedAt} />
              </>
            ) : null}
            . It answers every request with 410 Gone (<code className="font-mono">capture_link_revoked</code>) and accepts no more
            leads; its counters and request log stay here. To collect leads again, create a new capture link.
          </Alert>
        )}
      </div>

      <LinkStats counters={link.counters} />

      {activeSections}

      <RequestLog
        page={page}
        filter={filter}
        counters={link.counters}
        linkPath={linkPath}
        workspacePath={workspacePath}
        revoked={!active}
        spamCount={spamCount}
        releaseSpam={
          canManage && active
            ? (submissionId: string) => releaseSpamAction.bind(null, workspace.slug, link.id, submissionId)
            : undefined
        }
      />
    </div>
  );
}
