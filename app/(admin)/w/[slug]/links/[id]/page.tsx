import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { LinkSettingsForm } from "@/components/links/link-settings-form";
import { LinkSettingsSummary } from "@/components/links/link-settings-summary";
import { LinkStats } from "@/components/links/link-stats";
import { LinkStatusBadge } from "@/components/links/link-status-badge";
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
import { listLinkSubmissions, SUBMISSION_FILTERS, type SubmissionFilter } from "@/lib/links/list-link-submissions";
import { revokeLinkAction, updateLinkSettingsAction } from "../actions";
import { requestBaseUrl } from "../request-base-url";

export const metadata: Metadata = { title: "Capture link" };
export const dynamic = "force-dynamic";

type SearchParams = Record<string, string | string[] | undefined>;

function single(value: string | string[] | undefined): string | undefined {
  return typeof value === "string" ? value : undefined;
}

export default async function LinkPage({ params, searchParams }: { params: Promise<{ slug: string; id: string }>; searchParams: Promise<SearchParams> }) {
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
  const [page, fields] = await Promise.all([
    listLinkSubmissions(workspace.id, link.id, { filter, before: single(query.before), after: single(query.after) }),
    listFields(workspace.id),
  ]);
  const snippets = linkSnippets({ url: link.url, fields, honeypotField: link.honeypotField, country: workspace.country });
  const activeFields = fields.filter((field) => !field.archived);
  const workspacePath = `/w/${workspace.slug}`;
  const linkPath = `${workspacePath}/links/${link.id}`;
  const defaultRateLimit = env().INGEST_RATE_LIMIT;

  return (
    <div className="space-y-6">
      <div>
        <Link href={`${workspacePath}/links`} className="text-sm font-medium text-slate-500 hover:text-slate-900">
          ← Capture links
        </Link>
        <div className="mt-2">
          <PageHeader
            title={link.name}
            description={
              <span className="flex flex-wrap items-center gap-2">
                <LinkStatusBadge status={link.status} />
                <span>
                  Created <LocalTime value={link.createdAt} mode="date" />
                </span>
              </span>
            }
            actions={
              canManage && link.status === "active" ? (
                <ConfirmDialog
                  trigger="Revoke link"
                  title={`Revoke “${link.name}”?`}
                  confirmLabel="Revoke link"
                  pendingLabel="Revoking…"
                  action={revokeLinkAction.bind(null, workspace.slug, link.id)}
                >
                  <p>Every request to this link will be refused with 410 Gone from now on. Pages that still post to it will lose their leads.</p>
                  <p>This cannot be undone: create a new link to start again. The request log and the leads stay.</p>
                </ConfirmDialog>
              ) : null
            }
          />
        </div>
        {link.status === "revoked" ? (
          <Alert>
            This link was revoked{link.revokedAt ? <> on <LocalTime value={link.revokedAt} /></> : null}. It answers every request with 410 Gone
            (<code className="font-mono">capture_link_revoked</code>); its log and settings stay here.
          </Alert>
        ) : null}
      </div>

      <LinkStats counters={link.counters} />

      <Card title="Capture URL" description="Send leads to this address with POST and a JSON body. Keep it in your page or integration; anyone who has it can send leads.">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <label htmlFor="capture-url" className="sr-only">
            Capture URL
          </label>
          <input id="capture-url" readOnly value={link.url} className={`${inputClass} font-mono`} data-testid="capture-url" />
          <div className="shrink-0">
            <CopyButton value={link.url} label="Copy URL" />
          </div>
        </div>
      </Card>

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
              { key: "curl", tab: "curl", label: "Shell", code: snippets.curl, description: "From a terminal or a server: sends a test lead with example values." },
              {
                key: "fetch",
                tab: "JavaScript",
                label: "JavaScript (fetch)",
                code: snippets.fetch,
                description: "From your landing page's script: posts the lead as JSON, reads Leadlink's answer and reports errors field by field.",
              },
              {
                key: "html",
                tab: "HTML form",
                label: "HTML",
                code: snippets.html,
                description: "A complete form with a small script that posts JSON to this link and shows the result. Style it like the rest of your page.",
              },
            ]}
          />
        </Card>
        <Card title="Settings" description={canManage ? "Changes apply to new requests within a few seconds." : "Only owners and admins can change these."} className="min-w-0">
          {canManage ? (
            <LinkSettingsForm
              action={updateLinkSettingsAction.bind(null, workspace.slug, link.id)}
              current={{ allowedOrigins: link.allowedOrigins.join("\n"), rateLimit: link.rateLimit ?? "", honeypotField: link.honeypotField ?? "" }}
              defaultRateLimit={defaultRateLimit}
            />
          ) : (
            <LinkSettingsSummary link={link} defaultRateLimit={defaultRateLimit} />
          )}
        </Card>
      </div>

      <RequestLog page={page} filter={filter} counters={link.counters} linkPath={linkPath} workspacePath={workspacePath} />
    </div>
  );
}
