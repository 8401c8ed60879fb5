import { Badge } from "@/components/ui/badge";
import type { LinkStatus } from "@/lib/db/generated/enums";

export function LinkStatusBadge({ status }: { status: LinkStatus }) {
  return status === "active" ? <Badge tone="green">Active</Badge> : <Badge tone="red">Revoked</Badge>;
}
