import { useTranslations } from "next-intl";
import { parseRate } from "@/lib/validation/rate";

const UNITS: Record<number, "second" | "minute" | "hour"> = { 1: "second", 60: "minute", 3600: "hour" };

/**
 * A rate setting ("5000/hour", "off") as people read it in their language: "5.000 por hora", "5,000 per
 * hour", "Sem limite". The setting's own syntax stays what the input takes; this is for showing it.
 */
export function useRateLabel(): (setting: string) => string {
  const t = useTranslations("links.form.rate");
  return (setting) => {
    if (setting.trim().toLowerCase() === "off") return t("off");
    const rate = parseRate(setting);
    if (!rate) return setting;
    return t("per", { points: rate.points, unit: UNITS[rate.seconds] ?? "other", seconds: rate.seconds });
  };
}
