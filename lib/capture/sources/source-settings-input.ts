import type { LinkInput } from "@/lib/links/link-input";
import { MAPPING_PRESET_NAMES, type MappingPresetName } from "@/lib/links/link-source-settings";
import { MAPPING_PRESETS } from "./mapping/presets";

function isPreset(value: unknown): value is MappingPresetName {
  return typeof value === "string" && (MAPPING_PRESET_NAMES as readonly string[]).includes(value);
}

/**
 * A new link's input with a mapping preset's expression filled in when none was given (DESIGN.md section 15:
 * "a preset fills `expression`"). The admin form, the CLI and the API call it before createLink, which
 * checks the result; an unknown preset is left for that check to name.
 */
export function withPresetExpression(input: LinkInput): LinkInput {
  if (input.source !== "mapping") return input;
  const settings = input.sourceSettings;
  if (typeof settings !== "object" || settings === null || Array.isArray(settings)) return input;
  const { preset, expression } = settings as { preset?: unknown; expression?: unknown };
  if (!isPreset(preset) || (typeof expression === "string" && expression.trim() !== "")) return input;
  return { ...input, sourceSettings: { ...settings, expression: MAPPING_PRESETS[preset].expression } };
}
