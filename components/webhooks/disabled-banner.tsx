import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import type { DisabledEndpoint } from "@/lib/webhooks/endpoint-disabled";
import { reasonKey } from "./event-labels";

/**
 * Shown to owners and admins on every page of the workspace while Leadlink has disabled an endpoint
 * (410 Gone, or failing for 5 days); it goes away when the endpoint is enabled again or deleted.
 */
export function WebhooksDisabledBanner({ endpoints, basePath }: { endpoints: DisabledEndpoint[]; basePath: string }) {
  const t = useTranslations("webhooks");
  if (endpoints.length === 0) return null;
  return (
    <div
      role="alert"
      data-testid="webhooks-disabled-banner"
      className="mb-6 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200"
    >
      <p className="font-medium">{t("banner.title", { count: endpoints.length })}</p>
      <ul className="mt-1 space-y-1">
        {endpoints.map((endpoint) => (
          <li key={endpoint.id} className="break-words">
            <Link href={`${basePath}/${endpoint.id}`} className="break-all font-mono text-xs underline hover:text-red-950">
              {endpoint.url}
            </Link>{" "}
            <span className="text-xs">
              ({reasonKey(endpoint.reason) ? t(`reason.${endpoint.reason}`) : endpoint.reason},{" "}
              <LocalTime value={endpoint.disabledAt} mode="relative" />)
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
