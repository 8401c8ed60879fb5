// The platforms' documented webhook payloads, as the mapping presets (lib/capture/sources/mapping/presets.ts)
// receive them. Each follows the platform's own documentation or source, named beside it; the values are ours.

/**
 * Typeform's "Example webhook payload" (developers.typeform.com/webhooks/example-payload): form_response with
 * definition.fields, answers of each type, hidden fields (here the UTM ones a landing page passes on).
 */
export function typeformPayload(email: string, token = "a3a12ec67a1365927098a606107fac15") {
  return {
    event_id: "LtWXD3crgy",
    event_type: "form_response",
    form_response: {
      form_id: "lT4Z3j",
      token,
      submitted_at: "2018-01-18T18:17:02Z",
      landed_at: "2018-01-18T18:07:02Z",
      calculated: { score: 9 },
      variables: [
        { key: "score", type: "number", number: 4 },
        { key: "name", type: "text", text: "typeform" },
      ],
      hidden: { utm_source: "instagram", utm_medium: "social", utm_campaign: "black-friday", user_id: "abc123456" },
      definition: {
        id: "lT4Z3j",
        title: "Webhooks example",
        fields: [
          { id: "JwWggjAKtOkA", title: "What is your first name?", type: "short_text", ref: "readable_ref_short_text" },
          { id: "SMEUb7VJz92Q", title: "Your email address", type: "email", ref: "readable_ref_email" },
          { id: "PhOneXyZ1234", title: "Your phone number", type: "phone_number", ref: "readable_ref_phone" },
          {
            id: "DlXFaesGBpoF",
            title: "What's it like where you live?",
            type: "long_text",
            ref: "readable_ref_long_text",
          },
          {
            id: "k6TP9oLGgHjl",
            title: "Which plan interests you?",
            type: "multiple_choice",
            ref: "readable_ref_multiple_choice",
            choices: [
              { id: "choice1", label: "Starter" },
              { id: "choice2", label: "Business" },
            ],
          },
          { id: "Q7M2k7Uvm2bB", title: "How many employees?", type: "number", ref: "readable_ref_number" },
          { id: "gFFf3xAkJKsr", title: "Do you agree?", type: "yes_no", ref: "readable_ref_yes_no" },
        ],
      },
      answers: [
        { type: "text", text: "Laura", field: { id: "JwWggjAKtOkA", type: "short_text", ref: "readable_ref_short_text" } },
        { type: "email", email, field: { id: "SMEUb7VJz92Q", type: "email", ref: "readable_ref_email" } },
        {
          type: "phone_number",
          phone_number: "+5511987654321",
          field: { id: "PhOneXyZ1234", type: "phone_number", ref: "readable_ref_phone" },
        },
        {
          type: "text",
          text: "It's cold right now! I'd love to go to the beach.",
          field: { id: "DlXFaesGBpoF", type: "long_text", ref: "readable_ref_long_text" },
        },
        {
          type: "choice",
          choice: { label: "Business" },
          field: { id: "k6TP9oLGgHjl", type: "multiple_choice", ref: "readable_ref_multiple_choice" },
        },
        { type: "number", number: 42, field: { id: "Q7M2k7Uvm2bB", type: "number", ref: "readable_ref_number" } },
        { type: "boolean", boolean: true, field: { id: "gFFf3xAkJKsr", type: "yes_no", ref: "readable_ref_yes_no" } },
      ],
      ending: { id: "dN5FLyFpCMFo", ref: "01GRC8GR2024Z2QKMGEZFCNKYQ" },
    },
  };
}

/**
 * Tally's "Example webhook event" (tally.so/help/webhooks): FORM_RESPONSE with data.fields; a choice's value
 * is the chosen options' ids; a checkbox question adds one boolean entry per option; hidden fields are
 * HIDDEN_FIELDS named by the page's parameters.
 */
export function tallyPayload(email: string, responseId = "2wgx4n") {
  return {
    eventId: "a4cb511e-d513-4fa5-baee-b815d718dfd1",
    eventType: "FORM_RESPONSE",
    createdAt: "2023-06-28T15:00:21.889Z",
    data: {
      responseId,
      submissionId: responseId,
      respondentId: "dwQKYm",
      formId: "VwbNEw",
      formName: "Webhook payload",
      createdAt: "2023-06-28T15:00:21.000Z",
      fields: [
        { key: "question_3EKz4n", label: "Full name", type: "INPUT_TEXT", value: "Alice Souza" },
        { key: "question_w4Q4Xn", label: "Email", type: "INPUT_EMAIL", value: email },
        { key: "question_3jZaa3", label: "Phone number", type: "INPUT_PHONE_NUMBER", value: "+5511912345678" },
        { key: "question_nPp3aE", label: "Number of employees", type: "INPUT_NUMBER", value: 12 },
        {
          key: "question_mVGEg3",
          label: "Company size",
          type: "DROPDOWN",
          value: ["7e411945-d219-41c3-8098-0f1300f66d3c"],
          options: [
            { id: "a69a8f0e-b9a0-48b6-98fc-69188042fbb4", text: "Enterprise" },
            { id: "7e411945-d219-41c3-8098-0f1300f66d3c", text: "Large" },
          ],
        },
        {
          key: "question_n0ypvA",
          label: "Interests",
          type: "CHECKBOXES",
          value: ["5c9e8b8a-0f1e-4a8e-9a8f-1b2c3d4e5f60", "6d0f9c9b-1a2f-4b9f-8b9a-2c3d4e5f6a71"],
          options: [
            { id: "5c9e8b8a-0f1e-4a8e-9a8f-1b2c3d4e5f60", text: "Ads" },
            { id: "6d0f9c9b-1a2f-4b9f-8b9a-2c3d4e5f6a71", text: "SEO" },
            { id: "7e1a0d0c-2b3a-4c0a-9c0b-3d4e5f6a7b82", text: "Email" },
          ],
        },
        {
          key: "question_n0ypvA_5c9e8b8a-0f1e-4a8e-9a8f-1b2c3d4e5f60",
          label: "Interests (Ads)",
          type: "CHECKBOXES",
          value: true,
        },
        {
          key: "question_n0ypvA_6d0f9c9b-1a2f-4b9f-8b9a-2c3d4e5f6a71",
          label: "Interests (SEO)",
          type: "CHECKBOXES",
          value: true,
        },
        {
          key: "question_n0ypvA_7e1a0d0c-2b3a-4c0a-9c0b-3d4e5f6a7b82",
          label: "Interests (Email)",
          type: "CHECKBOXES",
          value: false,
        },
        { key: "question_wMvQ6N", label: "Message", type: "TEXTAREA", value: "Call me after 6pm" },
        { key: "question_utmSrc", label: "utm_source", type: "HIDDEN_FIELDS", value: "google" },
        { key: "question_utmCmp", label: "utm_campaign", type: "HIDDEN_FIELDS", value: "spring-sale" },
      ],
    },
  };
}

/**
 * Elementor Pro's webhook action (modules/forms/actions/webhook.php, Form_Record::get_formatted_data): without
 * "Advanced Data", the fields by label plus form_id and form_name (and the meta rows chosen, by their title).
 */
export function elementorSimple(email: string): [string, string][] {
  return [
    ["Nome", "Carla Mendes"],
    ["Email", email],
    ["Telefone", "(11) 97654-3210"],
    ["Empresa", "Mendes & Filhos"],
    ["Mensagem", "Quero um orçamento"],
    ["utm_source", "facebook"],
    ["Date", "27 de novembro de 2026"],
    ["Page URL", "https://example.com.br/contato?utm_source=facebook"],
    ["form_id", "a1b2c3d"],
    ["form_name", "Contato"],
  ];
}

/** The same form with "Advanced Data" on: form[id|name], fields[<id>][id|type|title|value|raw_value|required], meta. */
export function elementorAdvanced(email: string): [string, string][] {
  const field = (id: string, type: string, title: string, value: string, required = "1"): [string, string][] => [
    [`fields[${id}][id]`, id],
    [`fields[${id}][type]`, type],
    [`fields[${id}][title]`, title],
    [`fields[${id}][value]`, value],
    [`fields[${id}][raw_value]`, value],
    [`fields[${id}][required]`, required],
  ];
  return [
    ["form[id]", "a1b2c3d"],
    ["form[name]", "Contato"],
    ...field("name", "text", "Nome", "Carla Mendes"),
    ...field("email", "email", "Email", email),
    ...field("field_phone", "tel", "Telefone", "(11) 97654-3210"),
    ...field("field_company", "text", "Empresa", "Mendes & Filhos", "0"),
    ...field("message", "textarea", "Mensagem", "Quero um orçamento", "0"),
    ...field("utm_campaign", "hidden", "", "natal", "0"),
    ["meta[date][title]", "Date"],
    ["meta[date][value]", "27 de novembro de 2026"],
    ["meta[remote_ip][title]", "Remote IP"],
    ["meta[remote_ip][value]", "203.0.113.7"],
  ];
}

/**
 * Jotform's webhook (a multipart POST; the fields of Jotform's "Setting up a webhook" and of the submissions
 * Zulip's integration keeps as fixtures): formID, formTitle, submissionID, pretty, and rawRequest, the answers
 * as JSON keyed q<n>_<unique name>.
 */
export function jotformForm(email: string, submissionId = "6084250982513018472"): FormData {
  const rawRequest = {
    slug: "submit/243231271343446",
    submitSource: "form",
    buildDate: "1732271172685",
    q3_fullName: { first: "Bruno", last: "Lima" },
    q4_email: email,
    q5_phoneNumber: { full: "(21) 99876-5432" },
    q6_address: {
      addr_line1: "Rua das Flores, 100",
      addr_line2: "Apto 12",
      city: "Rio de Janeiro",
      state: "RJ",
      postal: "22041-001",
      country: "Brasil",
    },
    q7_howDid: "Instagram",
    q8_utm_source: "newsletter",
    q9_comments: "",
    event_id: "1732615894703_243231271343446_abc1234",
    timeToSubmit: "12",
    path: "/submit/243231271343446",
  };
  const form = new FormData();
  const fields: [string, string][] = [
    ["action", ""],
    ["webhookURL", "https://leadlink.example/ingest/x"],
    ["username", "brunolima"],
    ["formID", "243231271343446"],
    ["type", "WEB"],
    ["customParams", ""],
    ["product", ""],
    ["formTitle", "Fale conosco"],
    ["customTitle", ""],
    ["submissionID", submissionId],
    ["event", ""],
    ["documentID", ""],
    ["teamID", ""],
    ["subject", ""],
    ["isSilent", ""],
    ["customBody", ""],
    ["rawRequest", JSON.stringify(rawRequest)],
    ["fromTable", ""],
    ["appID", ""],
    [
      "pretty",
      `Full Name:Bruno Lima, E-mail:${email}, Phone Number:(21) 99876-5432, Address:Rua das Flores, 100 Apto 12 Rio de Janeiro RJ 22041-001 Brasil, How did you hear about us?:Instagram, utm_source:newsletter`,
    ],
    ["unread", ""],
    ["parent", ""],
    ["ip", "27.51.18.17"],
  ];
  for (const [name, value] of fields) form.append(name, value);
  return form;
}
