import { createTranslator } from "use-intl/core";
import type { Locale } from "@/lib/i18n/locales";
import { type Messages, messagesFor } from "@/lib/i18n/messages";
import type { FormFieldKey, FormLanguage } from "./link-form-settings";

type FormWords = Messages["linkForm"];

/**
 * Spanish is a language of the visitor's form only (the admin speaks en and pt-BR), so its few words live
 * here rather than in a third admin catalogue. Typed as the English namespace: a key added there is missed here.
 */
const SPANISH: FormWords = {
  fields: {
    name: "Nombre",
    email: "Correo electrónico",
    telephone: "Teléfono",
    document: "Documento",
    profession: "Profesión",
    city: "Ciudad",
    state: "Estado",
    instagram: "Instagram",
    birthday: "Fecha de nacimiento",
  },
  address: {
    street: "Calle",
    number: "Número",
    complement: "Complemento",
    neighborhood: "Barrio",
    city: "Ciudad",
    state: "Estado",
    zipCode: "Código postal",
    country: "País",
  },
  submitLabel: "Enviar",
  successMessage: "¡Gracias! Nos pondremos en contacto pronto.",
  consentText: "Acepto que {workspace} guarde mis datos para contactarme sobre mi solicitud.",
  consentPurpose: "contacto",
};

function wordsOf(language: FormLanguage): FormWords {
  return language === "es" ? SPANISH : messagesFor(language).linkForm;
}

/** The default words of a form in its language: field labels, the button, the thanks, the consent text. */
export function linkFormWords(language: FormLanguage) {
  const words = wordsOf(language);
  // The translator's locale only picks plural and number rules, and these words have none.
  const t = createTranslator({ locale: language as Locale, messages: { linkForm: words }, namespace: "linkForm" });
  return {
    /** A lead field's or address subfield's label; a custom field's label is its own (`customLabel`). */
    label(key: FormFieldKey, customLabel?: string): string {
      if (key.kind === "lead") return words.fields[key.key];
      if (key.kind === "address") return words.address[key.key];
      return customLabel ?? key.name;
    },
    submitLabel: t("submitLabel"),
    successMessage: t("successMessage"),
    consentText: (workspace: string) => t("consentText", { workspace }),
    consentPurpose: t("consentPurpose"),
  };
}
