import type { Metadata } from "next";
import { LinksTable } from "@/components/links/links-table";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { hasRole, requireWorkspace } from "@/lib/auth/session";
import { listLinks } from "@/lib/links/list-links";

export const metadata: Metadata = { title: "Capture links" };
export const dynamic = "force-dynamic";

export default async function LinksPage({ params }: { params: Promise<{ slug: string }> }) {
  const { workspace, role } = await requireWorkspace((await params).slug);
  const canManage = hasRole(role, "admin");
  const links = await listLinks(workspace.id);
  const basePath = `/w/${workspace.slug}/links`;
  const create = (
    <ButtonLink href={`${basePath}/new`}>
      <span aria-hidden>+</span> Create a capture link
    </ButtonLink>
  );

  return (
    <>
      <PageHeader
        title="Capture links"
        description="Landing pages, forms and integrations POST leads as JSON to a capture link. Each link counts and logs its requests."
        actions={canManage && links.length > 0 ? create : null}
      />
      {links.length === 0 ? (
        <EmptyState title="No capture links yet" action={canManage ? create : null}>
          <p>
            A capture link is the address your landing page or integration sends leads to. Create one per page or campaign to see
            where leads come from, then paste the ready-made snippet into your site.
          </p>
          {canManage ? null : <p className="mt-2">Ask an owner or admin of this workspace to create one.</p>}
        </EmptyState>
      ) : (
        <LinksTable links={links} basePath={basePath} />
      )}
    </>
  );
}
