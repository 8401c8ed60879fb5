import { ButtonLink } from "@/components/ui/button";
import { CodeBlock } from "@/components/ui/code-block";
import { EmptyState } from "@/components/ui/empty-state";

/**
 * The leads page of a workspace without leads: how to get the first one. With an active capture link,
 * its curl snippet (paste it in a terminal and the lead appears here); without one, the way to create it.
 */
export function NoLeadsYet({
  link,
  linksPath,
  canManage,
}: {
  link?: { name: string; path: string; curl: string };
  linksPath: string;
  canManage: boolean;
}) {
  if (!link) {
    return (
      <EmptyState
        title="No leads yet"
        action={canManage ? <ButtonLink href={`${linksPath}/new`}>Create a capture link</ButtonLink> : null}
      >
        <p>Leads arrive through capture links: your landing pages and integrations POST them as JSON to a link’s address.</p>
        {canManage ? null : <p className="mt-2">Ask an owner or admin of this workspace to create one.</p>}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      title="No leads yet"
      action={
        <ButtonLink href={link.path} variant="secondary">
          See all snippets for “{link.name}”
        </ButtonLink>
      }
    >
      <p>
        Send a test lead to your capture link <strong className="font-medium text-slate-700">{link.name}</strong> from a terminal,
        then reload this page: it shows up here.
      </p>
      <div className="mt-4 text-left">
        <CodeBlock code={link.curl} label="curl" />
      </div>
    </EmptyState>
  );
}
