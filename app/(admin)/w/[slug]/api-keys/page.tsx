import type { Metadata } from "next";
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

export const metadata: Metadata = { title: "API keys" };
export const dynamic = "force-dynamic";

/** Owners and admins only: a member who opens it sees the 404 page (requireWorkspace). */
export default async function ApiKeysPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace } = await requireWorkspace((await params).slug, "admin");
  const keys = await listApiKeys(workspace.id);

  return (
    <div className="space-y-6">
      <PageHeader
        title="API keys"
        description={
          <>
            Keys let integrations (Zapier, n8n, a CRM sync, scripts) use the management API of this workspace. See the{" "}
            <a href="/docs" className="font-medium text-indigo-700 hover:text-indigo-900">
              API reference
            </a>
            .
          </>
        }
      />
      <Card title="Create a key" description="The token is shown once; Leadlink keeps only a hash of it.">
        <CreateApiKeyForm action={createApiKeyAction.bind(null, workspace.slug)} />
      </Card>

      {keys.length === 0 ? (
        <EmptyState title="No API keys yet">Create one above to connect an integration.</EmptyState>
      ) : (
        <section aria-labelledby="keys-heading" className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
          <h2 id="keys-heading" className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900 sm:px-5">
            {keys.length === 1 ? "1 key" : `${keys.length} keys`}
          </h2>
          <ul className="divide-y divide-slate-100">
            {keys.map((key) => (
              <li
                key={key.id}
                data-testid="api-key-row"
                data-name={key.name}
                className="flex flex-wrap items-start gap-x-4 gap-y-2 px-4 py-3 sm:px-5"
              >
                <div className="min-w-0 flex-1 basis-56">
                  <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                    <span className="break-words">{key.name}</span>
                    <Badge tone={key.scope === "write" ? "amber" : "blue"}>{key.scope === "write" ? "Write" : "Read"}</Badge>
                    {key.revokedAt ? <Badge tone="red">Revoked</Badge> : null}
                  </p>
                  <p className="font-mono text-xs text-slate-500">{key.tokenPrefix}…</p>
                  <p className="text-xs text-slate-500">
                    Created <LocalTime value={key.createdAt} mode="date" />
                    {key.createdBy ? ` by ${key.createdBy.name ?? key.createdBy.email}` : " on the command line"} · Last used{" "}
                    {key.lastUsedAt ? <LocalTime value={key.lastUsedAt} /> : "never"}
                    {key.revokedAt ? (
                      <>
                        {" "}
                        · Revoked <LocalTime value={key.revokedAt} />
                      </>
                    ) : null}
                  </p>
                </div>
                {key.revokedAt ? null : (
                  <div className="sm:ml-auto">
                    <ConfirmDialog
                      trigger="Revoke"
                      triggerVariant="secondary"
                      triggerSize="sm"
                      title={`Revoke “${key.name}”?`}
                      confirmLabel="Revoke key"
                      pendingLabel="Revoking…"
                      action={revokeApiKeyAction.bind(null, workspace.slug, key.id)}
                    >
                      <p>Requests with this key are refused (401) from now on. This cannot be undone.</p>
                    </ConfirmDialog>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
