import { cachedLogo, logoVersion } from "./logo-cache";

/**
 * Where the hosted form and its built-in pages load the business's logo from, or undefined (the page then
 * shows the workspace's initial beside its name): a data: image or a path of this server as it is; an
 * external address through this server (`/f/<token>/logo`, fetched and cached here: ./logo-cache.ts), when
 * it can be fetched and is a raster image. The browser loads nothing from another host.
 */
export async function hostedLogoSrc(form: {
  token: string;
  workspaceId: string;
  theme: { logoUrl: string | null };
}): Promise<string | undefined> {
  const url = form.theme.logoUrl;
  if (!url) return undefined;
  if (url.startsWith("data:image/") || (url.startsWith("/") && !url.startsWith("//"))) return url;
  const logo = await cachedLogo(form, url);
  return logo.ok ? `/f/${form.token}/logo?v=${logoVersion(url)}` : undefined;
}
