import type { MappingPresetName } from "@/lib/links/link-source-settings";

/**
 * The mapping presets (DESIGN.md section 15): a JSONata expression per form tool that turns its webhook body
 * into section 3's shape, and the signature its requests carry when the link has a signing secret.
 * Minimal expressions (email, name, telephone); the mapping work (issue 28, part 2) owns this file.
 */
export const MAPPING_PRESETS: Record<MappingPresetName, { expression: string; signature: "typeform" | "tally" | null }> = {
  elementor: {
    expression: '{"name": fields.name.value, "email": fields.email.value, "telephone": fields.phone.value}',
    signature: null,
  },
  typeform: {
    expression:
      '{"email": form_response.answers[type="email"][0].email, "telephone": form_response.answers[type="phone_number"][0].phone_number}',
    signature: "typeform",
  },
  tally: {
    expression:
      '{"email": data.fields[type="INPUT_EMAIL"][0].value, "telephone": data.fields[type="INPUT_PHONE_NUMBER"][0].value}',
    signature: "tally",
  },
  jotform: {
    expression: '{"name": $join($values(rawRequest.name), " "), "email": rawRequest.email, "telephone": rawRequest.phone}',
    signature: null,
  },
};
