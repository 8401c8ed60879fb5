import { createTranslator, type NamespaceKeys, type NestedKeyOf } from "use-intl/core";
import { type Messages, messagesFor } from "@/lib/i18n/messages";
import { getRequestLocale } from "./request-locale";

/**
 * For server actions and route handlers: a translator in the language of the request. Server components
 * use next-intl's getTranslations(); this one needs no next-intl request config, so an action behaves the
 * same under the integration tests, which call it outside a Next server.
 */
export async function getServerTranslator<Namespace extends NamespaceKeys<Messages, NestedKeyOf<Messages>>>(
  namespace: Namespace,
) {
  const locale = await getRequestLocale();
  return createTranslator({ locale, messages: messagesFor(locale), namespace });
}
