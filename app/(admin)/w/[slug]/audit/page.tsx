import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuditList } from "@/components/audit/audit-list";
import { PageHeader } from "@/components/ui/page-header";
import { listAuditEntries } from "@/lib/audit/list-audit";
import { requireWorkspace } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("privacy.audit"))("title") };
}
export const dynamic = "force-dynamic";

const PAGE = 100;

/** Owners only (others get the 404 page): who did what in the workspace, when and from which IP. */
export default async function AuditPage({
  params,
  searchParams,
}: {
  params: Promise<{ slug: string }>;
  searchParams: Promise<{ before?: string | string[] }>;
}) {
  const { workspace } = await requireWorkspace((await params).slug, "owner");
  const beforeParam = (await searchParams).before;
  const before = typeof beforeParam === "string" && !Number.isNaN(Date.parse(beforeParam)) ? beforeParam : undefined;
  const [entries, t] = await Promise.all([
    listAuditEntries(workspace.id, { limit: PAGE, before }),
    getTranslations("privacy.audit"),
  ]);
  const older = entries.length === PAGE ? entries.at(-1)?.at : undefined;
  const base = `/w/${workspace.slug}/audit`;

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("description")} />
      <AuditList entries={entries} workspaceSlug={workspace.slug} />
      <nav aria-label={t("pages")} className="flex gap-4 text-sm">
        {before ? (
          <Link href={base} className="font-medium text-indigo-700 hover:underline">
            {t("newest")}
          </Link>
        ) : null}
        {older ? (
          <Link href={`${base}?before=${encodeURIComponent(older)}`} className="font-medium text-indigo-700 hover:underline">
            {t("older")}
          </Link>
        ) : null}
      </nav>
    </div>
  );
}
