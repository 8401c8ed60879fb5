import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import type { CampaignGroupBy, CampaignTouch } from "@/lib/reports/campaign-report-query";

/** The report's choices as a plain GET form: the address holds them, so a report can be bookmarked and shared. */
export function CampaignChoices({
  action,
  values,
  links,
}: {
  action: string;
  values: { from: string; to: string; captureLinkId: string; touch: CampaignTouch; groupBy: CampaignGroupBy };
  links: { id: string; name: string }[];
}) {
  const t = useTranslations("campaigns");
  return (
    <form
      method="get"
      action={action}
      aria-label={t("choices")}
      className="grid grid-cols-1 gap-3 rounded-lg bg-white px-4 py-3 shadow-sm ring-1 ring-slate-200 sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
    >
      <Field id="campaigns-from" label={t("from")}>
        <Input id="campaigns-from" name="from" type="date" defaultValue={values.from} />
      </Field>
      <Field id="campaigns-to" label={t("to")}>
        <Input id="campaigns-to" name="to" type="date" defaultValue={values.to} />
      </Field>
      <Field id="campaigns-link" label={t("link")}>
        <Select id="campaigns-link" name="captureLinkId" defaultValue={values.captureLinkId}>
          <option value="">{t("allLinks")}</option>
          {links.map((link) => (
            <option key={link.id} value={link.id}>
              {link.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field id="campaigns-touch" label={t("touch")}>
        <Select id="campaigns-touch" name="touch" defaultValue={values.touch}>
          <option value="first">{t("touchFirst")}</option>
          <option value="last">{t("touchLast")}</option>
        </Select>
      </Field>
      <Field id="campaigns-group" label={t("groupBy")}>
        <Select id="campaigns-group" name="groupBy" defaultValue={values.groupBy}>
          <option value="source">{t("groupSource")}</option>
          <option value="medium">{t("groupMedium")}</option>
          <option value="campaign">{t("groupCampaign")}</option>
        </Select>
      </Field>
      <Button type="submit">{t("apply")}</Button>
    </form>
  );
}
