/**
 * The mapping presets (DESIGN.md section 15): a JSONata expression per platform that turns its documented webhook
 * payload into section 3's lead. Each one puts the platform's identity fields where they belong (email, telephone,
 * name, UTM from hidden fields) and every other answer under `customFields` keyed by its label, which the
 * pipeline resolves to a custom field by name or label (an unknown one is a warning, not a failure).
 *
 * Two keys of the result are not the lead's (lib/capture/sources/mapping/mapping-result.ts): `_submissionId`,
 * the platform's id of this submission (the Idempotency-Key, so a platform's retry is stored once), and
 * `_platform`, ids kept on the submission (its source_data).
 *
 * Written from the platforms' own documentation:
 * - Elementor Pro, Forms → Actions After Submit → Webhook: a urlencoded POST (WordPress `wp_remote_post` of an
 *   array) of the fields keyed by their label (`get_formatted_data(true)`, meta rows such as "Page URL" included)
 *   plus `form_id` and `form_name`; with "Advanced Data" on, `form[id]`, `form[name]`, `fields[<id>][id|type|
 *   title|value|raw_value|required]` and `meta[<key>][title|value]`.
 * - Typeform, "Example webhook payload" (developers.typeform.com/webhooks/example-payload): `form_response` with
 *   `answers[]` (`type`, the value under the type's name, `field.id|ref|type`), `definition.fields[]` (titles),
 *   `hidden` (hidden fields), `token`.
 * - Tally, "Webhooks" (tally.so/help/webhooks, example webhook event): `eventType: FORM_RESPONSE`, `data.fields[]`
 *   with `key`, `label`, `type`, `value`, and `options[]` (`id`, `text`) for choices, whose value is the chosen
 *   ids; hidden fields are `HIDDEN_FIELDS`; a checkbox question adds one boolean entry per option.
 * - Jotform, "Setting up a webhook": a multipart POST with `formID`, `formTitle`, `submissionID`, `pretty`
 *   ("Label:Value, …") and `rawRequest`, the answers as JSON keyed `q<n>_<unique name>` (a name is
 *   `{first, last}`, a phone `{full}` or `{area, phone}`, an address `{addr_line1, city, state, postal, …}`).
 */
export type MappingPresetName = "elementor" | "typeform" | "tally" | "jotform";

export interface MappingPreset {
  expression: string;
  /** The signature the platform sends when a secret is set (verified when the link has a signing secret). */
  signature: "typeform" | "tally" | null;
}

export const MAPPING_PRESET_NAMES = ["elementor", "typeform", "tally", "jotform"] as const satisfies readonly MappingPresetName[];

const ELEMENTOR = `(
  $meta := ["form_id", "form_name", "Date", "Time", "Page URL", "Page Title", "User Agent", "Remote IP", "Powered by"];
  $list := $type(fields) = "object"
    ? $each(fields, function($field) { $field })
    : $each($, function($value, $key) { {"id": $key, "title": $key, "value": $value} })[$not(id in $meta)];
  $key := function($field) { $field.title ? $field.title : $field.id };
  $is := function($field, $pattern) { $contains($field.id, $pattern) or $contains($field.title, $pattern) };
  $emails := $list[type = "email" or $is($, /^e-?mail$|(^|\\s)e-?mail$/i)];
  $phones := $list[type = "tel" or $is($, /phone|telefone|celular|whatsapp/i)];
  $names := $list[$is($, /name|nome/i) and $not($is($, /company|empresa|e-?mail|utm_/i))];
  $utm := function($name) { $list[$contains($lowercase($string(id) & " " & $string(title)), "utm_" & $name)][0].value };
  $city := $list[$is($, /^(city|cidade)$/i)][0];
  $state := $list[$is($, /^(state|estado|uf)$/i)][0];
  $used := $append($append($append($emails[0], $phones[0]), $names), [$city, $state]).$key($);
  $others := $list[$not($key($) in $used) and $not($is($, /(^|\\s)utm_/i)) and value != ""];
  {
    "name": $count($names) > 0 ? $join($names.value, " ") : undefined,
    "email": $emails[0].value,
    "telephone": $phones[0].value,
    "city": $city.value,
    "state": $state.value,
    "utmSource": $utm("source"),
    "utmMedium": $utm("medium"),
    "utmCampaign": $utm("campaign"),
    "utmContent": $utm("content"),
    "utmTerm": $utm("term"),
    "customFields": $merge($others.{ $key($): value }),
    "_platform": { "formId": form.id ? form.id : form_id, "formName": form.name ? form.name : form_name }
  }
)`;

const TYPEFORM = `(
  $response := form_response;
  $title := function($answer) { $response.definition.fields[id = $answer.field.id][0].title };
  $label := function($answer) { $title($answer) ? $title($answer) : ($answer.field.ref ? $answer.field.ref : $answer.field.id) };
  $value := function($answer) {
    $answer.type = "choice" ? ($answer.choice.label ? $answer.choice.label : $answer.choice.other)
    : $answer.type = "choices" ? $join($append($answer.choices.labels, $answer.choices.other), ", ")
    : $answer.type = "payment" ? $answer.payment.amount
    : $lookup($answer, $answer.type)
  };
  $names := $response.answers[type = "text" and field.type = "short_text"
    and $contains($lowercase($string(field.ref) & " " & $string($title($))), /name|nome/)
    and $not($contains($lowercase($string(field.ref) & " " & $string($title($))), /company|empresa/))];
  $email := $response.answers[type = "email"][0];
  $phone := $response.answers[type = "phone_number"][0];
  $used := $append($append($names, $email), $phone).field.id;
  $others := $response.answers[$not(field.id in $used)];
  $hidden := $response.hidden;
  {
    "name": $count($names) > 0 ? $join($names.text, " ") : undefined,
    "email": $email.email,
    "telephone": $phone.phone_number,
    "utmSource": $hidden.utm_source,
    "utmMedium": $hidden.utm_medium,
    "utmCampaign": $hidden.utm_campaign,
    "utmContent": $hidden.utm_content,
    "utmTerm": $hidden.utm_term,
    "customFields": $merge([
      $others.{ $label($): $value($) },
      $each($hidden, function($v, $k) { $contains($k, /^utm_/) ? undefined : { $k: $v } })
    ]),
    "_submissionId": $response.token,
    "_platform": { "formId": $response.form_id, "eventId": event_id, "token": $response.token }
  }
)`;

const TALLY = `(
  $fields := data.fields[$not(type = "CHECKBOXES" and $type(value) = "boolean")];
  $byType := $fields{type: [$]};
  $hidden := $byType.HIDDEN_FIELDS{label: value};
  $email := $byType.INPUT_EMAIL[0];
  $phone := $byType.INPUT_PHONE_NUMBER[0];
  $names := $byType.INPUT_TEXT[$contains(label, /name|nome/i) and $not($contains(label, /company|empresa/i))];
  $used := [$email.key, $phone.key, $names.key];
  $others := $fields[$not(key in $used) and $not(type = "HIDDEN_FIELDS" and $substring(label, 0, 4) = "utm_") and value != null];
  {
    "name": $names ? $join($names.value, " ") : undefined,
    "email": $email.value,
    "telephone": $phone.value,
    "utmSource": $hidden.utm_source,
    "utmMedium": $hidden.utm_medium,
    "utmCampaign": $hidden.utm_campaign,
    "utmContent": $hidden.utm_content,
    "utmTerm": $hidden.utm_term,
    "customFields": $merge($others.{
      label: options
        ? ( $field := $; $join(value.( $id := $; $field.options[id = $id].text ), ", ") )
        : $type(value) = "array" and $type(value[0]) = "object" ? $join(value.(url ? url : name), ", ")
        : value
    }),
    "_submissionId": data.responseId,
    "_platform": { "formId": data.formId, "formName": data.formName, "eventId": eventId, "responseId": data.responseId }
  }
)`;

const JOTFORM = `(
  $answers := $parseJson(rawRequest);
  $pretty := $split($string(pretty), ", ").{ "label": $substringBefore($, ":"), "value": $substringAfter($, ":") };
  $list := $each($answers, function($value, $key) {
    $match($key, /^q\\d+_/) ? { "key": $key, "name": $replace($key, /^q\\d+_/, ""), "value": $value } : undefined
  });
  $flat := function($value) {
    $type($value) = "object" ? $join($each($value, function($v) { $type($v) = "string" and $v != "" ? $v : undefined }), " ")
    : $type($value) = "array" ? $join($value, ", ")
    : $value
  };
  $is := function($answer, $pattern) { $contains($answer.name, $pattern) };
  $nameAnswer := $list[$type(value) = "object" and (value.first or value.last)][0];
  $email := $list[$is($, /e-?mail/i) and $type(value) = "string"][0];
  $phone := $list[$is($, /phone|telefone|celular|whatsapp/i)][0];
  $address := $list[$type(value) = "object" and (value.addr_line1 or value.postal or value.city)][0];
  $utm := function($name) { $list[$contains($lowercase(name), "utm") and $contains($lowercase(name), $name)][0].value };
  $label := function($answer) {
    ( $text := $flat($answer.value); $found := $pretty[value = $text];
      $count($found) = 1 ? $found.label : $answer.name )
  };
  $used := [$nameAnswer.key, $email.key, $phone.key, $address.key];
  $others := $list[$not(key in $used) and $not($is($, /^utm_?(source|medium|campaign|content|term)$/i)) and $flat(value) != ""];
  {
    "name": $nameAnswer ? $flat($nameAnswer.value) : undefined,
    "email": $email.value,
    "telephone": $type($phone.value) = "object"
      ? ($phone.value.full ? $phone.value.full : $phone.value.area & $phone.value.phone)
      : $phone.value,
    "address": $address ? {
      "street": $address.value.addr_line1,
      "complement": $address.value.addr_line2,
      "city": $address.value.city,
      "state": $address.value.state,
      "zipCode": $address.value.postal,
      "country": $address.value.country
    } : undefined,
    "utmSource": $utm("source"),
    "utmMedium": $utm("medium"),
    "utmCampaign": $utm("campaign"),
    "utmContent": $utm("content"),
    "utmTerm": $utm("term"),
    "customFields": $merge($others.{ $label($): $flat(value) }),
    "_submissionId": submissionID,
    "_platform": { "formId": formID, "formTitle": formTitle, "submissionId": submissionID }
  }
)`;

export const MAPPING_PRESETS: Record<MappingPresetName, MappingPreset> = {
  elementor: { expression: ELEMENTOR, signature: null },
  typeform: { expression: TYPEFORM, signature: "typeform" },
  tally: { expression: TALLY, signature: "tally" },
  jotform: { expression: JOTFORM, signature: null },
};

export function isMappingPreset(value: unknown): value is MappingPresetName {
  return typeof value === "string" && Object.hasOwn(MAPPING_PRESETS, value);
}
