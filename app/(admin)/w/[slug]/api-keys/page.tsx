import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { CreateApiKeyForm } from "@/components/api-keys/create-api-key-form";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { LocalTime } from "@/components/ui/local-time";
import { PageHeader } from "@/components/ui/page-header";
import { listApiKeys } from "@/lib/api-keys/list-api-keys";
import { requireWorkspace } from "@/lib/auth/session";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("apiKeys"))("title") };
}

const docsLink = (chunks: React.ReactNode) => (
  <a href="/docs" className="font-medium text-indigo-700 hover:text-indigo-900">
    {chunks}
  </a>
);

/** Owners and admins only: a member who opens it sees the 404 page (requireWorkspace). */
export default async function ApiKeysPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const [keys, t] = await Promise.all([listApiKeys(workspace.id), getTranslations("apiKeys")]);

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t.rich("description", { docs: docsLink })} />
      <Card title={t("createTitle")} description={t("createDescription")}>
        <CreateApiKeyForm action={createApiKeyAction.bind(null, workspace.slug)} />
      </Card>

      {keys.length === 0 ? (
        <EmptyState title={t("emptyTitle")}>{t("emptyBody")}</EmptyState>
      ) : (
        <section aria-labelledby="keys-heading" className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <h2 id="keys-heading" className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5">
            {t("count", { count: keys.length })}
          </h2>
          <ul className="divide-y divide-slate-100">
            {keys.map((key) => {
              const at = (value: Date, mode?: "date") => () => <LocalTime value={value} mode={mode} />;
              const maker = key.createdBy ? (key.createdBy.name ?? key.createdBy.email) : "";
              return (
                <li
                  key={key.id}
                  data-testid="api-key-row"
                  data-name={key.name}
                  className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3 sm:px-5"
                >
                  <div className="min-w-0 flex-1 basis-56">
                    <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                      <span className="break-words">{key.name}</span>
                      <Badge tone={key.scope === "write" ? "amber" : "blue"}>
                        {key.scope === "write" ? t("scopeWrite") : t("scopeRead")}
                      </Badge>
                      {key.state === "revoked" ? <Badge tone="red">{t("revokedBadge")}</Badge> : null}
                      {key.state === "suspended" ? <Badge tone="gray">{t("suspendedBadge")}</Badge> : null}
                    </p>
                    <p className="font-mono text-xs text-slate-500">{key.tokenPrefix}…</p>
                    <p className="text-xs text-slate-500">
                      {key.createdBy
                        ? t.rich("createdBy", {
                            time: at(key.createdAt, "date"),
                            name: maker,
                          })
                        : t.rich("createdOnCli", { time: at(key.createdAt, "date") })}
                      {" · "}
                      {key.lastUsedAt ? t.rich("lastUsed", { time: at(key.lastUsedAt) }) : t("neverUsed")}
                      {key.revokedAt ? (
                        <>
                          {" · "}
                          {t.rich("revokedAt", { time: at(key.revokedAt) })}
                        </>
                      ) : null}
                      {!key.revokedAt && key.createdBy?.left ? (
                        <>
                          {" · "}
                          {t("makerLeft", { name: maker })}
                        </>
                      ) : null}
                    </p>
                    {key.state === "suspended" ? (
                      <p className="text-xs text-slate-600">{t("suspendedNote", { name: maker })}</p>
                    ) : null}
                  </div>
                  {key.state === "revoked" ? null : (
                    <div className="sm:ml-auto">
                      <ConfirmDialog
                        trigger={t("revokeButton")}
                        triggerVariant="secondary"
                        triggerSize="sm"
                        title={t("revokeTitle", { name: key.name })}
                        confirmLabel={t("revokeConfirm")}
                        pendingLabel={t("revokePending")}
                        action={revokeApiKeyAction.bind(null, workspace.slug, key.id)}
                      >
                        <p>{t("revokeBody")}</p>
                      </ConfirmDialog>
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      )}
    </div>
  );
}
