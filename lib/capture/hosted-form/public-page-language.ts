import { cache } from "react";
import { getDatabase } from "@/lib/db/client";
import type { FormLanguage } from "@/lib/links/link-form-settings";
import { LINK_TOKEN_SOURCE } from "@/lib/links/link-token";
import { loadHostedForm } from "./load-hosted-form";

const HOSTED_FORM = new RegExp(`^/f/(${LINK_TOKEN_SOURCE})(?:[/?]|$)`);
const BUILT_IN_PAGE = new RegExp(`^/forms/(?:thanks|error)\\?(?:.*&)?link=(${LINK_TOKEN_SOURCE})(?:&|$)`);

/**
 * The language of a page a link's visitor sees, for `<html lang>` (app/layout.tsx, i18n/request.ts): the form's
 * language (en, pt-BR or es) on /f/<token> and on the built-in pages of a link, which speak it too.
 * Undefined for every other page: the admin's language rules apply.
 */
export const publicPageLanguage = cache(async (path: string): Promise<FormLanguage | undefined> => {
  const hosted = HOSTED_FORM.exec(path);
  const builtIn = hosted ? null : BUILT_IN_PAGE.exec(path);
  const token = hosted?.[1] ?? builtIn?.[1];
  if (!token) return undefined;
  const form = await loadHostedForm(await getDatabase(), token).catch(() => undefined);
  return form?.language;
});
