"use client";

import { useParams } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { StatusPage } from "@/components/ui/status-page";

/** A lead id that is not a lead of this workspace (mistyped, removed, or another workspace's). */
export default function LeadNotFound() {
  const { slug } = useParams<{ slug: string }>();
  return (
    <StatusPage status="404" title="Lead not found" actions={<ButtonLink href={`/w/${slug}/leads`}>← Back to leads</ButtonLink>}>
      <p>There is no lead at this address in this workspace. Check the link you followed, or find the lead in the leads table.</p>
    </StatusPage>
  );
}
