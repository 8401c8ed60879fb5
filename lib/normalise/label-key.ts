/**
 * A label folded for comparison: accents removed, lower case, inner spaces collapsed.
 * "Área de Atuação" and "area de atuacao" have the same key, so they cannot both exist in a workspace
 * and either spelling finds the field in a request.
 */
export function labelKey(label: string): string {
  return label.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/\s+/g, " ").trim();
}
