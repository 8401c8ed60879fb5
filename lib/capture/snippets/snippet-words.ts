import { type Messages, messagesFor } from "@/lib/i18n/messages";
import type { FormLanguage } from "@/lib/links/link-form-settings";

type SnippetWords = Messages["snippets"];

/**
 * Spanish is a language of the visitor's form only (the admin speaks en and pt-BR): its snippet words live
 * here, as lib/links/link-form-words.ts keeps the form's. Typed as the English namespace: a key added there
 * is missed here.
 */
const SPANISH: SnippetWords = {
  labels: { name: "Nombre", email: "Correo electrónico", telephone: "Teléfono", consent: "Consentimiento" },
  choose: "Elige…",
  submit: "Enviar",
  sending: "Enviando…",
  success: "¡Gracias! Nos pondremos en contacto pronto.",
  consentText: "Acepto que {workspace} guarde mis datos para contactarme sobre mi solicitud.",
  consentPurpose: "contacto",
  leaveEmpty: "Deja esto vacío",
  errors: {
    invalid_json: "No se pudo leer el formulario. Inténtalo de nuevo.",
    body_not_object: "No se pudo leer el formulario. Inténtalo de nuevo.",
    unsupported_media_type: "El formulario no se pudo enviar en este formato. Avisa al dueño del sitio.",
    payload_too_large: "El formulario es demasiado largo. Acorta tus respuestas.",
    capture_link_not_found: "Este formulario no está disponible.",
    capture_link_revoked: "Este formulario está cerrado y ya no acepta respuestas.",
    origin_not_allowed: "Este formulario no se puede enviar desde este sitio. Avisa al dueño del sitio.",
    method_not_allowed: "No se pudo enviar el formulario. Avisa al dueño del sitio.",
    request_timeout: "El envío tardó demasiado. Inténtalo de nuevo.",
    validation_failed: "Revisa los campos de abajo.",
    idempotency_key_reused: "Este formulario ya se envió con otras respuestas. Recarga la página.",
    rate_limited: "Se enviaron demasiados formularios ahora mismo. Inténtalo de nuevo en un minuto.",
    service_unavailable: "El formulario no se puede enviar ahora. Inténtalo de nuevo en unos minutos.",
    invalid_form: "No se pudo leer el formulario. Inténtalo de nuevo.",
    captcha_failed: "La verificación antispam falló. Inténtalo de nuevo.",
    captcha_unavailable: "La verificación antispam no está disponible ahora. Inténtalo de nuevo en unos minutos.",
    internal_error: "Algo salió mal de nuestro lado. Inténtalo de nuevo más tarde.",
    unknown: "No se pudo enviar el formulario. Inténtalo de nuevo.",
    network:
      "No se pudo enviar el formulario: falló la conexión, o este sitio no está entre los orígenes permitidos del enlace de captura.",
  },
  issues: {
    required: "este campo es obligatorio",
    consent_required: "marca la casilla para dar tu consentimiento",
    identity_required: "completa tu correo electrónico o tu teléfono",
    invalid_email: "no es un correo electrónico válido",
    invalid_phone: "no es un número de teléfono válido",
    invalid_document: "no es un CPF o CNPJ válido",
    invalid_instagram: "no es un usuario de Instagram válido",
    invalid_date: "no es una fecha válida",
    date_out_of_range: "esta fecha está fuera de rango",
    invalid_type: "este valor tiene un tipo incorrecto",
    too_big: "este valor es demasiado largo o grande",
    too_small: "este valor es demasiado corto o pequeño",
    invalid_option: "elige una de las opciones",
    invalid: "este valor no es válido",
  },
};

/** The snippets' words (progress, thanks, every error by `code`, every issue) in the form's language. */
export function snippetWords(language: FormLanguage): SnippetWords {
  return language === "es" ? SPANISH : messagesFor(language).snippets;
}
