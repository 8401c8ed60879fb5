"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Field, Input, Select, Textarea } from "@/components/ui/field";
import { LINK_SOURCES, type LinkSource, MAPPING_PRESET_NAMES } from "@/lib/links/link-source-settings";

/** The presets' product names: the same in every language. */
const PRESET_NAMES: Record<(typeof MAPPING_PRESET_NAMES)[number], string> = {
  elementor: "Elementor Forms",
  typeform: "Typeform",
  tally: "Tally",
  jotform: "Jotform",
};

/**
 * The link's source (DESIGN.md section 15), chosen at creation, with the fields the chosen source needs.
 * Google's key is generated on creation and shown on the link's page; RD Station needs nothing.
 */
export function SourceFields({
  defaults,
  errors,
}: {
  defaults: Record<string, string>;
  errors: Record<string, string | undefined>;
}) {
  const t = useTranslations("sources");
  const [source, setSource] = useState<LinkSource>(
    (LINK_SOURCES as readonly string[]).includes(defaults.source ?? "") ? (defaults.source as LinkSource) : "json",
  );
  const value = (name: string) => defaults[name] ?? "";
  const error = (name: string) => errors[name];
  return (
    <fieldset className="space-y-4 rounded-lg border border-slate-200 p-4">
      <Field id="source" label={t("label")} hint={t(`hints.${source}`)} error={error("source")}>
        <Select
          id="source"
          name="source"
          value={source}
          onChange={(event) => setSource(event.target.value as LinkSource)}
          aria-describedby="source-hint"
          error={error("source")}
        >
          {LINK_SOURCES.map((option) => (
            <option key={option} value={option}>
              {t(`options.${option}`)}
            </option>
          ))}
        </Select>
      </Field>
      {source === "meta_lead_ads"
        ? (
            [
              ["appSecret", "appSecretHint"],
              ["pageAccessToken", "pageAccessTokenHint"],
              ["verifyToken", "verifyTokenHint"],
            ] as const
          ).map(([name, hint]) => {
            const id = `sourceSettings.${name}`;
            return (
              <Field key={name} id={id} label={t(`meta.${name}`)} hint={t(`meta.${hint}`)} error={error(id)}>
                <Input id={id} name={id} autoComplete="off" defaultValue={value(id)} error={error(id)} />
              </Field>
            );
          })
        : null}
      {source === "mapping" ? (
        <>
          <Field id="sourceSettings.preset" label={t("mapping.preset")} error={error("sourceSettings.preset")}>
            <Select
              id="sourceSettings.preset"
              name="sourceSettings.preset"
              defaultValue={value("sourceSettings.preset")}
              error={error("sourceSettings.preset")}
            >
              <option value="">{t("mapping.noPreset")}</option>
              {MAPPING_PRESET_NAMES.map((preset) => (
                <option key={preset} value={preset}>
                  {PRESET_NAMES[preset]}
                </option>
              ))}
            </Select>
          </Field>
          <Field
            id="sourceSettings.expression"
            label={t("mapping.expression")}
            hint={t("mapping.expressionHint")}
            error={error("sourceSettings.expression")}
          >
            <Textarea
              id="sourceSettings.expression"
              name="sourceSettings.expression"
              rows={5}
              className="font-mono"
              defaultValue={value("sourceSettings.expression")}
              aria-describedby="sourceSettings.expression-hint"
              error={error("sourceSettings.expression")}
            />
          </Field>
          <Field
            id="sourceSettings.signingSecret"
            label={t("mapping.signingSecret")}
            hint={t("mapping.signingSecretHint")}
            error={error("sourceSettings.signingSecret")}
          >
            <Input
              id="sourceSettings.signingSecret"
              name="sourceSettings.signingSecret"
              autoComplete="off"
              defaultValue={value("sourceSettings.signingSecret")}
              error={error("sourceSettings.signingSecret")}
            />
          </Field>
        </>
      ) : null}
    </fieldset>
  );
}
