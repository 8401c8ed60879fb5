import Negotiator from "negotiator";

/**
 * The words of the built-in thank-you and error pages a form post lands on (DESIGN.md section 11). They are
 * public pages a visitor of someone else's site sees, not the admin: the form's language when the page knows its
 * link (English, Brazilian Portuguese or Spanish), else English or Brazilian Portuguese by the browser's
 * Accept-Language; kept here rather than in the admin's catalogues.
 */
export type FormPageLocale = "en" | "pt-BR" | "es";

export function formPageLocale(acceptLanguage: string | null): FormPageLocale {
  const [best] = new Negotiator({ headers: { "accept-language": acceptLanguage ?? "" } }).languages(["en", "pt-BR", "pt"]);
  return best === "pt-BR" || best === "pt" ? "pt-BR" : "en";
}

interface PageText {
  thanksStatus: string;
  thanksTitle: string;
  thanksBody: string;
  thanksClose: string;
  errorStatus: string;
  errorTitle: string;
  fixTheseFields: string;
  goBack: string;
  /** What happened, by error code; `other` for codes not listed. */
  problems: Record<string, string>;
  fields: Record<string, string>;
  addressPrefix: string;
  captcha: string;
}

const EN: PageText = {
  thanksStatus: "Sent",
  thanksTitle: "Thank you!",
  thanksBody: "We received your details and will be in touch soon.",
  thanksClose: "You can close this page or go back to the site you came from.",
  errorStatus: "Not sent",
  errorTitle: "Your details could not be sent",
  fixTheseFields: "Please check these fields:",
  goBack: "Use your browser's Back button to return to the form, correct them and send it again.",
  problems: {
    validation_failed: "Some of the information in the form is missing or not valid.",
    captcha_failed: "The anti-spam check was not completed. Go back, complete it and send the form again.",
    captcha_unavailable: "The anti-spam check could not be verified just now. Please try again in a minute.",
    rate_limited: "Too many attempts from your connection. Please wait a minute and try again.",
    capture_link_revoked: "This form no longer accepts submissions. Please contact the site's owner.",
    origin_not_allowed: "This form cannot be sent from this website. Please contact the site's owner.",
    payload_too_large: "The form sent too much data. Shorten the longest answers and try again.",
    service_unavailable: "We could not save your details just now. Please try again in a minute.",
    request_timeout: "The form took too long to arrive. Please check your connection and try again.",
    other: "Something went wrong while sending the form. Please try again.",
  },
  fields: {
    name: "Name",
    email: "Email",
    telephone: "Phone",
    document: "CPF or CNPJ",
    profession: "Profession",
    city: "City",
    state: "State",
    instagram: "Instagram",
    birthday: "Date of birth",
    street: "Street",
    number: "Number",
    complement: "Complement",
    neighborhood: "Neighbourhood",
    zipCode: "Postal code",
    country: "Country",
    consent: "Consent (tick the box)",
  },
  addressPrefix: "Address",
  captcha: "Anti-spam check",
};

const PT_BR: PageText = {
  thanksStatus: "Enviado",
  thanksTitle: "Obrigado!",
  thanksBody: "Recebemos seus dados e entraremos em contato em breve.",
  thanksClose: "Você pode fechar esta página ou voltar ao site de onde veio.",
  errorStatus: "Não enviado",
  errorTitle: "Não foi possível enviar seus dados",
  fixTheseFields: "Confira estes campos:",
  goBack: "Use o botão Voltar do navegador para retornar ao formulário, corrija-os e envie novamente.",
  problems: {
    validation_failed: "Algumas informações do formulário estão faltando ou não são válidas.",
    captcha_failed: "A verificação anti-spam não foi concluída. Volte, conclua-a e envie o formulário novamente.",
    captcha_unavailable: "Não foi possível confirmar a verificação anti-spam agora. Tente novamente em um minuto.",
    rate_limited: "Muitas tentativas a partir da sua conexão. Aguarde um minuto e tente novamente.",
    capture_link_revoked: "Este formulário não aceita mais envios. Fale com o responsável pelo site.",
    origin_not_allowed: "Este formulário não pode ser enviado a partir deste site. Fale com o responsável pelo site.",
    payload_too_large: "O formulário enviou dados demais. Encurte as respostas mais longas e tente novamente.",
    service_unavailable: "Não conseguimos salvar seus dados agora. Tente novamente em um minuto.",
    request_timeout: "O formulário demorou demais para chegar. Verifique sua conexão e tente novamente.",
    other: "Algo deu errado ao enviar o formulário. Tente novamente.",
  },
  fields: {
    name: "Nome",
    email: "E-mail",
    telephone: "Telefone",
    document: "CPF ou CNPJ",
    profession: "Profissão",
    city: "Cidade",
    state: "Estado",
    instagram: "Instagram",
    birthday: "Data de nascimento",
    street: "Rua",
    number: "Número",
    complement: "Complemento",
    neighborhood: "Bairro",
    zipCode: "CEP",
    country: "País",
    consent: "Consentimento (marque a caixa)",
  },
  addressPrefix: "Endereço",
  captcha: "Verificação anti-spam",
};

const ES: PageText = {
  thanksStatus: "Enviado",
  thanksTitle: "¡Gracias!",
  thanksBody: "Recibimos tus datos y nos pondremos en contacto pronto.",
  thanksClose: "Puedes cerrar esta página o volver al sitio del que viniste.",
  errorStatus: "No enviado",
  errorTitle: "No se pudieron enviar tus datos",
  fixTheseFields: "Revisa estos campos:",
  goBack: "Usa el botón Atrás del navegador para volver al formulario, corrígelos y envíalo de nuevo.",
  problems: {
    validation_failed: "Falta información del formulario o no es válida.",
    captcha_failed: "La verificación anti-spam no se completó. Vuelve, complétala y envía el formulario de nuevo.",
    captcha_unavailable: "No se pudo confirmar la verificación anti-spam ahora. Inténtalo de nuevo en un minuto.",
    rate_limited: "Demasiados intentos desde tu conexión. Espera un minuto e inténtalo de nuevo.",
    capture_link_revoked: "Este formulario ya no recibe respuestas. Contacta al responsable del sitio.",
    origin_not_allowed: "Este formulario no se puede enviar desde este sitio. Contacta al responsable del sitio.",
    payload_too_large: "El formulario envió demasiados datos. Acorta las respuestas más largas e inténtalo de nuevo.",
    service_unavailable: "No pudimos guardar tus datos ahora. Inténtalo de nuevo en un minuto.",
    request_timeout: "El formulario tardó demasiado en llegar. Revisa tu conexión e inténtalo de nuevo.",
    other: "Algo salió mal al enviar el formulario. Inténtalo de nuevo.",
  },
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
    street: "Calle",
    number: "Número",
    complement: "Complemento",
    neighborhood: "Barrio",
    zipCode: "Código postal",
    country: "País",
    consent: "Consentimiento (marca la casilla)",
  },
  addressPrefix: "Dirección",
  captcha: "Verificación anti-spam",
};

export function formPageText(locale: FormPageLocale): PageText {
  return locale === "pt-BR" ? PT_BR : locale === "es" ? ES : EN;
}

/** A field path from the error redirect (`telephone`, `address.city`, `customFields.company`) as a visitor reads it. */
export function fieldLabel(text: PageText, field: string): string {
  const known = (key: string) => (Object.hasOwn(text.fields, key) ? text.fields[key]! : key);
  if (field === "captcha") return text.captcha;
  const [head, ...rest] = field.split(".");
  const sub = rest.join(".");
  if (head === "address" && sub) return `${text.addressPrefix}: ${known(sub)}`;
  if (head === "customFields" && sub) return sub;
  // `consent_required` names `consent`, a word other than a boolean `consent.granted`: both are the checkbox.
  if (head === "consent") return known("consent");
  return known(field);
}

/** What the error page says happened, for a code from the redirect's query (anything may arrive there). */
export function problemText(text: PageText, code: string): string {
  return Object.hasOwn(text.problems, code) ? text.problems[code]! : text.problems.other!;
}
