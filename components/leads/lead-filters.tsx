import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { Field, Input, Select } from "@/components/ui/field";
import { LEAD_FILTER_KEYS, LEAD_SORTS, type LeadFilterInput } from "@/lib/leads/lead-filter";
import { LEAD_STATUSES } from "@/lib/leads/lead-workflow-input";

export interface LinkOption {
  id: string;
  name: string;
}

/**
 * The leads table's search, filters and sort: a plain GET form, so every state is a shareable URL, it
 * works before JavaScript loads, and Enter in any field applies it. On a phone all but the search fold
 * into a <details> (twelve controls pushed the first lead off the screen); from md up it is always open.
 */
export function LeadFilters({
  basePath,
  values,
  links,
  members,
  tags,
  zone,
}: {
  basePath: string;
  values: LeadFilterInput;
  links: LinkOption[];
  /** The workspace's members (owner filter) and tags. */
  members: { id: string; label: string }[];
  tags: string[];
  /** The time zone of the date filters, for people ("São Paulo time (GMT-3)", "UTC"). */
  zone: string;
}) {
  const t = useTranslations("leads.filters");
  const sorts = useTranslations("leads.sorts");
  const tw = useTranslations("workflow");
  const text = (value: unknown) => (typeof value === "string" ? value : "");
  const active = LEAD_FILTER_KEYS.filter((key) => key !== "q" && key !== "sort" && text(values[key]).trim() !== "").length;
  const sorted = text(values.sort) !== "" && text(values.sort) !== "newest";
  return (
    // biome-ignore lint/a11y/useSemanticElements: a <search> element cannot be the form itself, and this form is the search
    <form
      method="get"
      action={basePath}
      role="search"
      aria-label={t("label")}
      className="mb-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      <Field id="lead-q" label={t("search")}>
        <div className="flex gap-2">
          <Input
            id="lead-q"
            name="q"
            type="search"
            defaultValue={text(values.q)}
            placeholder={t("searchPlaceholder")}
            autoComplete="off"
            maxLength={200}
            className="min-w-0 flex-1"
          />
          {/* On a phone, with the filters folded, the search applies from here (Apply sits under them). */}
          <button type="submit" className={buttonClass("primary", "md", "md:hidden")}>
            {t("search")}
          </button>
        </div>
      </Field>
      {/* Open when something in it is set, so that what filters the table is in sight. */}
      <details open={active > 0 || sorted} className="group mt-2 md:mt-4 md:details-content:[content-visibility:visible]">
        {/* A browser without ::details-content cannot keep it open from md up: there it keeps its toggle. */}
        <summary className="inline-flex cursor-pointer items-center gap-1.5 rounded-md py-1 text-sm font-medium text-indigo-700 hover:text-indigo-900 md:supports-[selector(::details-content)]:hidden [&::-webkit-details-marker]:hidden">
          <svg aria-hidden viewBox="0 0 16 16" className="size-3.5 transition-transform group-open:rotate-90" fill="currentColor">
            <path d="M6 3.5 10.5 8 6 12.5z" />
          </svg>
          {t("toggle", { count: active })}
        </summary>
        <div className="mt-3 grid gap-4 sm:grid-cols-2 md:mt-0 lg:grid-cols-12">
          <Field id="lead-link" label={t("link")} className="lg:col-span-3">
            <Select id="lead-link" name="link" defaultValue={text(values.link)}>
              <option value="">{t("allLinks")}</option>
              {links.map((link) => (
                <option key={link.id} value={link.id}>
                  {link.name}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="lead-status-filter" label={tw("filters.status")} className="lg:col-span-3">
            <Select id="lead-status-filter" name="status" defaultValue={text(values.status)}>
              <option value="">{tw("filters.anyStatus")}</option>
              {LEAD_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {tw(`status.${status}`)}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="lead-owner-filter" label={tw("filters.owner")} className="lg:col-span-3">
            <Select id="lead-owner-filter" name="owner" defaultValue={text(values.owner)}>
              <option value="">{tw("filters.anyone")}</option>
              <option value="none">{tw("filters.unassigned")}</option>
              {members.map((member) => (
                <option key={member.id} value={member.id}>
                  {member.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="lead-tag-filter" label={tw("filters.tag")} className="lg:col-span-3">
            <Select id="lead-tag-filter" name="tag" defaultValue={text(values.tag)}>
              <option value="">{tw("filters.anyTag")}</option>
              {/* A tag in the URL that the workspace does not have (yet) still shows as chosen. */}
              {[...tags, ...(text(values.tag) && !tags.includes(text(values.tag)) ? [text(values.tag)] : [])].map((tag) => (
                <option key={tag} value={tag}>
                  {tag}
                </option>
              ))}
            </Select>
          </Field>
          <Field id="lead-utm-source" label={t("utmSource")} className="lg:col-span-3">
            <Input
              id="lead-utm-source"
              name="utm_source"
              defaultValue={text(values.utm_source)}
              placeholder={t("example", { value: "google" })}
              maxLength={200}
            />
          </Field>
          <Field id="lead-utm-medium" label={t("utmMedium")} className="lg:col-span-3">
            <Input
              id="lead-utm-medium"
              name="utm_medium"
              defaultValue={text(values.utm_medium)}
              placeholder={t("example", { value: "cpc" })}
              maxLength={200}
            />
          </Field>
          <Field id="lead-utm-campaign" label={t("utmCampaign")} className="lg:col-span-3">
            <Input
              id="lead-utm-campaign"
              name="utm_campaign"
              defaultValue={text(values.utm_campaign)}
              placeholder={t("example", { value: "black-friday" })}
              maxLength={200}
            />
          </Field>
          <Field id="lead-sort" label={t("sort")} className="lg:col-span-3">
            <Select id="lead-sort" name="sort" defaultValue={text(values.sort) || "newest"}>
              {LEAD_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {sorts(sort)}
                </option>
              ))}
            </Select>
          </Field>
          <div className="grid grid-cols-2 gap-2 sm:col-span-2 lg:col-span-6">
            <Field id="lead-from" label={t("from")}>
              <Input id="lead-from" name="from" type="date" defaultValue={text(values.from)} />
            </Field>
            <Field id="lead-to" label={t("to")}>
              <Input id="lead-to" name="to" type="date" defaultValue={text(values.to)} />
            </Field>
          </div>
          <p className="self-end text-xs text-slate-500 sm:col-span-2 lg:col-span-6">
            {t.rich("hint", { zone: () => <span data-testid="filter-zone">{zone}</span> })}
          </p>
        </div>
        <div className="mt-4 flex items-center justify-end gap-2">
          <Link href={basePath} className={buttonClass("ghost")}>
            {t("clear")}
          </Link>
          <button type="submit" className={buttonClass("primary")}>
            {t("apply")}
          </button>
        </div>
      </details>
    </form>
  );
}
