import type { Metadata } from "next";
import { ButtonLink } from "@/components/ui/button";
import { StatusPage } from "@/components/ui/status-page";

export const metadata: Metadata = { title: "Page not found" };

/**
 * Every address that is nothing here, and every workspace page the signed-in user may not see: an unknown
 * workspace and another team's workspace answer the same 404, so neither reveals that the other exists.
 */
export default function NotFound() {
  return (
    <StatusPage framed status="404" title="Page not found" actions={<ButtonLink href="/">Go to your workspace</ButtonLink>}>
      <p>There is nothing at this address, or it belongs to a workspace you are not a member of.</p>
      <p>Check the link you followed, or ask a workspace owner or admin to add you with your email address.</p>
    </StatusPage>
  );
}
