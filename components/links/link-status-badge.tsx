import { Badge } from "@/components/ui/badge";

export function LinkStatusBadge({ status }: { status: "active" | "revoked" }) {
  return status === "active" ? <Badge tone="green">Active</Badge> : <Badge tone="red">Revoked</Badge>;
}
