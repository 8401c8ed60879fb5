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
  hosted: {
    required: "obligatorio",
    choose: "Elige…",
    errorSummary: "Revisa {count, plural, one {# campo} other {# campos}}:",
    closedTitle: "Este formulario está cerrado",
    closedBody: "{workspace} ya no recibe respuestas en este formulario.",
    sentTitle: "Enviado",
    leaveEmpty: "Déjalo vacío",
    purposes: "Finalidades: {purposes}",
    back: "Volver a la página de la que viniste",
    captcha: "Verificación anti-spam",
    captchaNeedsScript:
      "La verificación anti-spam de este formulario necesita JavaScript. Activa JavaScript en tu navegador para enviarlo.",
    errors: {
      validation_failed: "Revisa los campos de abajo.",
      captcha_failed: "La verificación anti-spam falló. Inténtalo de nuevo.",
      captcha_unavailable: "La verificación anti-spam no está disponible ahora. Inténtalo en unos minutos.",
      rate_limited: "Se enviaron demasiados formularios ahora. Inténtalo de nuevo en un minuto.",
      service_unavailable: "No es posible enviar el formulario ahora. Inténtalo en unos minutos.",
      payload_too_large: "El formulario es demasiado largo. Acorta tus respuestas.",
      capture_link_revoked: "Este formulario está cerrado y ya no recibe respuestas.",
      unknown: "No se pudo enviar el formulario. Inténtalo de nuevo.",
    },
    issues: {
      required: "este campo es obligatorio",
      consent_required: "marca la casilla para dar tu consentimiento",
      identity_required: "escribe tu correo o tu teléfono",
      invalid_email: "este correo no es válido",
      invalid_phone: "este teléfono no es válido",
      invalid_document: "este documento no es válido",
      invalid_instagram: "este Instagram no es válido",
      invalid_date: "esta fecha no es válida",
      date_out_of_range: "esta fecha está fuera del intervalo aceptado",
      invalid_type: "este valor tiene el tipo equivocado",
      too_big: "este valor es demasiado largo o grande",
      too_small: "este valor es demasiado corto o pequeño",
      invalid_option: "elige una de las opciones",
      invalid: "este valor no es válido",
    },
  },
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
    /** What the hosted form says around the fields (app/f/[token]): marks, errors by code, the closed page. */
    hosted: {
      ...words.hosted,
      closedTitle: t("hosted.closedTitle"),
      sentTitle: t("hosted.sentTitle"),
      captchaNeedsScript: t("hosted.captchaNeedsScript"),
      errorSummary: (count: number) => t("hosted.errorSummary", { count }),
      closedBody: (workspace: string) => t("hosted.closedBody", { workspace }),
      purposes: (purposes: string) => t("hosted.purposes", { purposes }),
      /** A refusal's message by its code; `unknown` for the rest. */
      problemOf: (code: string) =>
        (Object.hasOwn(words.hosted.errors, code)
          ? words.hosted.errors[code as keyof FormWords["hosted"]["errors"]]
          : undefined) ?? words.hosted.errors.unknown,
      /** A field issue's message by its code; `invalid` for the rest. */
      issueOf: (code: string) =>
        (Object.hasOwn(words.hosted.issues, code)
          ? words.hosted.issues[code as keyof FormWords["hosted"]["issues"]]
          : undefined) ?? words.hosted.issues.invalid,
    },
  };
}
