import { isMappingPreset, MAPPING_PRESETS, type MappingPresetName } from "./presets";

/** A mapping link's settings (capture_links.source_settings when source = "mapping"). */
export interface MappingSettings {
  preset: MappingPresetName | null;
  expression: string;
  signingSecret: string | null;
}

/** The settings as stored (jsonb, written by the link's create and edit): anything unexpected reads as absent. */
export function mappingSettings(stored: unknown): MappingSettings {
  const settings = (typeof stored === "object" && stored !== null ? stored : {}) as Record<string, unknown>;
  const preset = isMappingPreset(settings.preset) ? settings.preset : null;
  const expression =
    typeof settings.expression === "string" && settings.expression.trim() !== ""
      ? settings.expression
      : preset
        ? MAPPING_PRESETS[preset].expression
        : "";
  const signingSecret =
    typeof settings.signingSecret === "string" && settings.signingSecret !== "" ? settings.signingSecret : null;
  return { preset, expression, signingSecret };
}
