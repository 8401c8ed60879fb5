import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { LinksTable } from "@/components/links/links-table";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { listLinks } from "@/lib/links/list-links";

export async function generateMetadata(): Promise<Metadata> {
  return { title: (await getTranslations("links"))("title") };
}
export const dynamic = "force-dynamic";

export default async function LinksPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace, role } = await requireWorkspace((await params).slug);
  const canManage = hasRole(role, "admin");
  const links = await listLinks(workspace.id);
  const basePath = `/w/${workspace.slug}/links`;
  const t = await getTranslations("links");
  const create = (
    <ButtonLink href={`${basePath}/new`}>
      <span aria-hidden>+</span> {t("create")}
    </ButtonLink>
  );

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} actions={canManage && links.length > 0 ? create : null} />
      {links.length === 0 ? (
        <EmptyState title={t("empty.title")} action={canManage ? create : null}>
          <p>{t("empty.text")}</p>
          {canManage ? null : <p className="mt-2">{t("empty.askManager")}</p>}
        </EmptyState>
      ) : (
        <LinksTable links={links} basePath={basePath} />
      )}
    </>
  );
}
