import { getTranslations } from "next-intl/server";
import { saveMappingAction, tryMappingAction } from "@/app/(admin)/w/[slug]/links/[id]/mapping-actions";
import { Card } from "@/components/ui/card";
import { getLinkMapping } from "@/lib/capture/sources/mapping/link-mapping";
import { MappingEditor } from "./mapping-editor";

/** The Mapping section of a mapping link's page: nothing for a link of another source. */
export async function MappingSection({
  workspace,
  linkId,
  canManage,
}: {
  workspace: { id: string; slug: string };
  linkId: string;
  canManage: boolean;
}) {
  const mapping = await getLinkMapping(workspace.id, linkId);
  if (!mapping) return null;
  const t = await getTranslations("sourceMapping");
  return (
    <Card title={t("title")} description={t("description")}>
      <dl className="mb-4 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-slate-500">{t("preset")}</dt>
          <dd className="font-medium text-slate-900" data-testid="mapping-preset">
            {mapping.preset ? t(`presets.${mapping.preset}`) : t("presetNone")}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-500">{t("signature")}</dt>
          <dd className="font-medium text-slate-900">{mapping.signingSecretSet ? t("signatureOn") : t("signatureOff")}</dd>
        </div>
      </dl>
      <MappingEditor
        expression={mapping.expression}
        canEdit={canManage}
        save={saveMappingAction.bind(null, workspace.slug, linkId)}
        tryIt={tryMappingAction.bind(null, workspace.slug, linkId)}
      />
    </Card>
  );
}
