"use client";

import { useParams } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { StatusPage } from "@/components/ui/status-page";

/**
 * A workspace page that is not there for this user, within the workspace's navigation: an unknown
 * address, or a page of owners and admins opened by a member. (An unknown workspace, or one the user is
 * not a member of, gets app/not-found.tsx: the workspace layout itself is refused.)
 */
export default function WorkspacePageNotFound() {
  const { slug } = useParams<{ slug: string }>();
  return (
    <StatusPage status="404" title="Page not found" actions={<ButtonLink href={`/w/${slug}`}>Back to the dashboard</ButtonLink>}>
      <p>There is nothing at this address in this workspace, or your role does not open it.</p>
      <p>Check the link you followed, or ask an owner or admin of this workspace.</p>
    </StatusPage>
  );
}
