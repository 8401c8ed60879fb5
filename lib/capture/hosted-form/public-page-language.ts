import { cache } from "react";
import { getDatabase } from "@/lib/db/client";
import type { FormLanguage } from "@/lib/links/link-form-settings";
import { LINK_TOKEN_SOURCE } from "@/lib/links/link-token";
import { formPageLocale } from "../html-forms/form-page-text";
import { loadHostedForm } from "./load-hosted-form";

const HOSTED_FORM = new RegExp(`^/f/(${LINK_TOKEN_SOURCE})(?:[/?]|$)`);
const BUILT_IN_PAGE = new RegExp(`^/forms/(?:thanks|error)\\?(?:.*&)?link=(${LINK_TOKEN_SOURCE})(?:&|$)`);

/**
 * The language of a page a link's visitor sees, for `<html lang>` (i18n/request.ts): the hosted form's
 * language on /f/<token>; on the built-in pages of a link, the language they speak (the form's, en or
 * pt-BR, else the browser's). Undefined for every other page: the admin's language rules apply.
 */
export const publicPageLanguage = cache(
  async (path: string, acceptLanguage: string | null): Promise<FormLanguage | undefined> => {
    const hosted = HOSTED_FORM.exec(path);
    const builtIn = hosted ? null : BUILT_IN_PAGE.exec(path);
    const token = hosted?.[1] ?? builtIn?.[1];
    if (!token) return undefined;
    const form = await loadHostedForm(await getDatabase(), token).catch(() => undefined);
    if (!form) return undefined;
    if (hosted || form.language !== "es") return form.language;
    return formPageLocale(acceptLanguage);
  },
);
