import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ChangeEntry } from "@/components/lead-detail/change-entry";
import { Detail, DetailList } from "@/components/lead-detail/detail-list";
import { formatCustomValue, formatDate, formatDocument } from "@/components/lead-detail/format";
import { LeadNoteForm } from "@/components/lead-detail/lead-note-form";
import { LeadWorkflowForm } from "@/components/lead-detail/lead-workflow-form";
import { NoteEntry } from "@/components/lead-detail/note-entry";
import { TimelineEntry } from "@/components/lead-detail/timeline-entry";
import { TouchDetails } from "@/components/lead-detail/touch-card";
import { LeadStatusBadge } from "@/components/leads/lead-status-badge";
import { LeadConsentCard } from "@/components/privacy/lead-consent-card";
import { LeadPrivacyCard } from "@/components/privacy/lead-privacy-card";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { getLeadDetail, TIMELINE_LIMIT } from "@/lib/leads/get-lead-detail";
import { getLeadTimeline } from "@/lib/leads/get-lead-timeline";
import { ADDRESS_KEYS } from "@/lib/leads/lead-keys";
import { listTags } from "@/lib/leads/lead-tags";
import { formatPhone, phoneHref } from "@/lib/phone/format-phone";
import { getLeadConsent } from "@/lib/privacy/lead-consent";
import { getViewer } from "@/lib/request/viewer";
import { formatCount } from "@/lib/time/format-time";
import { listMembers } from "@/lib/workspaces/list-members";
import { addLeadNoteAction, updateLeadWorkflowAction } from "../actions";
import { eraseLeadAction } from "./actions";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("lead"))("title") };
}
export const dynamic = "force-dynamic";

function text(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export default async function LeadPage({ params }: { params: Promise<{ slug: string; id: string }> }) {
  const { slug, id } = await params;
  const [{ workspace, role }, { locale }, t] = await Promise.all([requireWorkspace(slug), getViewer(), getTranslations("lead")]);
  const addressLabel = (key: string) =>
    (ADDRESS_KEYS as readonly string[]).includes(key) ? t(`address.${key as (typeof ADDRESS_KEYS)[number]}`) : key;
  const detail = await getLeadDetail(workspace.id, id).catch((error: unknown) => {
    // Another workspace's lead is "not found" too: the query is scoped to this workspace.
    if (isAppError(error) && error.code === "lead_not_found") notFound();
    throw error;
  });
  const { lead, customValues, submissions, submissionCount } = detail;
  const consent = await getLeadConsent(workspace.id, lead.id);
  const [tw, timeline, members, knownTags] = await Promise.all([
    getTranslations("workflow"),
    getLeadTimeline(workspace.id, lead.id, submissions),
    listMembers(workspace.id),
    listTags(workspace.id),
  ]);
  const newestSubmissionId = submissions[0]?.id;
  const base = `/w/${workspace.slug}`;
  const erasedAt = consent.erasedAt;
  const tp = await getTranslations("privacy.lead");
  const title = erasedAt
    ? tp("erasedTitle")
    : (lead.name ?? lead.email ?? (lead.telephone ? formatPhone(lead.telephone) : t("unnamed")));
  const address = Object.entries(lead.address);

  return (
    <div className="space-y-6">
      <div>
        <Link href={`${base}/leads`} className="text-sm font-medium text-slate-500 hover:text-slate-900">
          ← {t("back")}
        </Link>
        <div className="mt-2">
          <PageHeader
            title={<span data-testid="lead-title">{title}</span>}
            description={
              <span className="flex flex-wrap gap-x-3 gap-y-1">
                <span>
                  {t("created")} <LocalTime value={lead.createdAt} />
                </span>
                <span aria-hidden className="text-slate-300">
                  ·
                </span>
                <span>
                  {t("updated")} <LocalTime value={lead.updatedAt} />
                </span>
                <span aria-hidden className="text-slate-300">
                  ·
                </span>
                <span data-testid="lead-status">
                  <LeadStatusBadge status={lead.status} />
                </span>
              </span>
            }
          />
        </div>
      </div>

      {erasedAt ? (
        // DESIGN.md section 13: an erased lead's page is read-only and says when it was erased.
        <div data-testid="lead-erased-notice">
          <Alert tone="info">{tp.rich("erasedNotice", { time: () => <LocalTime value={erasedAt} /> })}</Alert>
        </div>
      ) : null}

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 space-y-6 lg:col-span-2">
          <Card title={t("contact")}>
            <DetailList>
              <Detail term={t("fields.name")} testId="field-name">
                {lead.name}
              </Detail>
              <Detail term={t("fields.email")} testId="field-email">
                {lead.email ? (
                  <a href={`mailto:${lead.email}`} className="text-indigo-700 hover:underline">
                    {lead.email}
                  </a>
                ) : null}
              </Detail>
              <Detail term={t("fields.telephone")} testId="field-telephone">
                {lead.telephone ? (
                  <a href={phoneHref(lead.telephone)} className="text-indigo-700 hover:underline">
                    {formatPhone(lead.telephone)}
                  </a>
                ) : null}
              </Detail>
              <Detail term={t("fields.document")} testId="field-document">
                {lead.document ? formatDocument(lead.document) : null}
              </Detail>
              <Detail term={t("fields.profession")} testId="field-profession">
                {lead.profession}
              </Detail>
              <Detail term={t("fields.birthday")} testId="field-birthday">
                {lead.birthday ? formatDate(lead.birthday, locale) : null}
              </Detail>
              <Detail term="Instagram" testId="field-instagram">
                {lead.instagram ? (
                  <a
                    href={`https://www.instagram.com/${encodeURIComponent(lead.instagram)}/`}
                    rel="noopener noreferrer"
                    target="_blank"
                    className="text-indigo-700 hover:underline"
                  >
                    @{lead.instagram}
                  </a>
                ) : null}
              </Detail>
              <Detail term={t("fields.city")} testId="field-city">
                {lead.city}
              </Detail>
              <Detail term={t("fields.state")} testId="field-state">
                {lead.state}
              </Detail>
            </DetailList>
          </Card>

          <Card title={t("addressTitle")}>
            {address.length > 0 ? (
              <DetailList className="lg:grid-cols-3">
                {[
                  ...ADDRESS_KEYS.filter((key) => key in lead.address),
                  ...Object.keys(lead.address).filter((key) => !(ADDRESS_KEYS as readonly string[]).includes(key)),
                ].map((key) => (
                  <Detail key={key} term={addressLabel(key)} testId={`address-${key}`}>
                    {text(lead.address[key])}
                  </Detail>
                ))}
              </DetailList>
            ) : (
              <p className="text-sm text-slate-500">{t("noAddress")}</p>
            )}
          </Card>

          <Card title={t("custom.title")} description={t("custom.description")}>
            {customValues.length > 0 ? (
              <DetailList>
                {customValues.map((value) => (
                  <Detail
                    key={value.fieldId}
                    testId={`custom-${value.name ?? value.fieldId}`}
                    term={
                      <span className="flex items-center gap-2">
                        {value.label ?? <span className="font-mono">{value.fieldId}</span>}
                        {value.archived ? <Badge>{t("custom.archived")}</Badge> : null}
                        {value.label === null ? <Badge tone="amber">{t("custom.deleted")}</Badge> : null}
                      </span>
                    }
                  >
                    {formatCustomValue(value.type, value.value, locale, { yes: t("custom.yes"), no: t("custom.no") })}
                  </Detail>
                ))}
              </DetailList>
            ) : (
              <p className="text-sm text-slate-500">
                {t.rich("custom.none", {
                  manage: (chunks) => (
                    <Link href={`${base}/fields`} className="font-medium text-indigo-700 hover:underline">
                      {chunks}
                    </Link>
                  ),
                })}
              </p>
            )}
          </Card>
        </div>

        <div className="min-w-0 space-y-6 self-start">
          {erasedAt ? null : (
            <Card title={tw("form.title")} description={tw("form.description")}>
              <LeadWorkflowForm
                status={lead.status}
                ownerId={lead.owner?.id ?? null}
                tags={lead.tags}
                members={members.map((member) => ({ id: member.userId, label: member.name ?? member.email }))}
                knownTags={knownTags}
                action={updateLeadWorkflowAction.bind(null, workspace.slug, lead.id)}
              />
            </Card>
          )}
          <Card title={t("source")} className="min-w-0">
            <div className="space-y-5">
              <TouchDetails title={t("firstTouch")} touch={detail.firstTouch} workspacePath={base} testId="first-touch" />
              <div className="border-t border-slate-100" />
              <TouchDetails title={t("lastTouch")} touch={detail.lastTouch} workspacePath={base} testId="last-touch" />
              <div className="border-t border-slate-100 pt-4">
                <DetailList className="sm:grid-cols-1">
                  <Detail term={t("id")} mono>
                    {lead.id}
                  </Detail>
                </DetailList>
              </div>
            </div>
          </Card>
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-3">
        <div className="min-w-0 lg:col-span-2">
          <LeadConsentCard consent={consent} />
        </div>
        {hasRole(role, "admin") ? (
          <div className="min-w-0">
            <LeadPrivacyCard
              downloadHref={`${base}/leads/${lead.id}/personal-data`}
              erasedAt={consent.erasedAt}
              eraseAction={eraseLeadAction.bind(null, workspace.slug, lead.id)}
            />
          </div>
        ) : null}
      </div>

      <section aria-labelledby="timeline-title" className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <header className="border-b border-slate-100 px-5 py-4">
          <h2 id="timeline-title" className="text-base font-semibold text-slate-900">
            {tw("timeline.title")}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">
            {submissionCount > submissions.length
              ? t("timeline.newest", { limit: TIMELINE_LIMIT, count: formatCount(submissionCount, locale) })
              : tw("timeline.description")}
          </p>
        </header>
        {erasedAt ? null : (
          <div className="border-b border-slate-100 px-5 py-4">
            <LeadNoteForm action={addLeadNoteAction.bind(null, workspace.slug, lead.id)} />
          </div>
        )}
        {timeline.length > 0 ? (
          <ol
            className="relative space-y-3 px-5 py-5 before:absolute before:top-7 before:bottom-7 before:left-[2rem] before:w-px before:bg-slate-200"
            data-testid="timeline"
          >
            {timeline.map((entry) =>
              entry.kind === "note" ? (
                <NoteEntry key={entry.note.id} note={entry.note} />
              ) : entry.kind === "change" ? (
                <ChangeEntry key={entry.change.id} change={entry.change} />
              ) : (
                <TimelineEntry
                  key={entry.submission.id}
                  submission={entry.submission}
                  workspacePath={base}
                  open={entry.submission.id === newestSubmissionId}
                />
              ),
            )}
          </ol>
        ) : (
          <p className="px-5 py-10 text-center text-sm text-slate-500">{t("timeline.none")}</p>
        )}
      </section>
    </div>
  );
}
