/** WCAG 2.1 relative luminance of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

const WHITE = "#ffffff";
const INK = "#0f172a";

/** White or near-black, whichever reads better on `background` (the form's theme colour on its button). */
export function readableTextOn(background: string): string {
  if (!/^#[0-9a-fA-F]{6}$/.test(background)) return WHITE;
  return contrastRatio(background, WHITE) >= contrastRatio(background, INK) ? WHITE : INK;
}
