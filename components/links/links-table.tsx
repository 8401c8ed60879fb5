import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { LocalTime } from "@/components/ui/local-time";
import { Table, Td, Th } from "@/components/ui/table";
import type { CaptureLinkWithCounters } from "@/lib/links/list-links";
import { LinkStatusBadge } from "./link-status-badge";

export function LinksTable({ links, basePath }: { links: CaptureLinkWithCounters[]; basePath: string }) {
  const t = useTranslations("links.table");
  const format = useFormatter();
  return (
    <Table caption={t("caption")}>
      <thead>
        <tr>
          <Th>{t("name")}</Th>
          <Th>{t("status")}</Th>
          <Th align="right">{t("accepted")}</Th>
          <Th align="right">{t("rejected")}</Th>
          <Th>{t("last")}</Th>
          <Th>{t("created")}</Th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-100">
        {links.map((link) => (
          <tr key={link.id} className="hover:bg-slate-50">
            <Td className="max-w-xs">
              <Link
                href={`${basePath}/${link.id}`}
                className="font-medium text-indigo-700 hover:text-indigo-500 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                {link.name}
              </Link>
              <p className="mt-0.5 truncate font-mono text-xs text-slate-500">{link.token}</p>
            </Td>
            <Td>
              <LinkStatusBadge status={link.status} />
            </Td>
            <Td align="right">{format.number(link.counters.accepted)}</Td>
            <Td align="right">
              <span className={link.counters.rejected > 0 ? "font-medium text-red-700" : undefined}>
                {format.number(link.counters.rejected)}
              </span>
            </Td>
            <Td className="whitespace-nowrap">
              {link.counters.lastReceivedAt ? (
                <LocalTime value={link.counters.lastReceivedAt} mode="relative" />
              ) : (
                <span className="text-slate-500">{t("never")}</span>
              )}
            </Td>
            <Td className="whitespace-nowrap text-slate-500">
              <LocalTime value={link.createdAt} mode="date" />
            </Td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
