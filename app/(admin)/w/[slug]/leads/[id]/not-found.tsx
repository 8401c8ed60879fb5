"use client";

import { useParams } from "next/navigation";
import { ButtonLink } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";

/** A lead id that is not a lead of this workspace (mistyped, removed, or another workspace's). */
export default function LeadNotFound() {
  const { slug } = useParams<{ slug: string }>();
  return (
    <EmptyState title="Lead not found" action={<ButtonLink href={`/w/${slug}/leads`} variant="secondary">← Back to leads</ButtonLink>}>
      <p>There is no lead at this address in this workspace. Check the link you followed, or find the lead in the leads table.</p>
    </EmptyState>
  );
}
