/** The subfields of a lead's address and its UTM values: read by ingest, the lead page, the CSV and the snippets. */
export const ADDRESS_KEYS = ["street", "number", "complement", "neighborhood", "city", "state", "zipCode", "country"] as const;
export const UTM_KEYS = ["utmSource", "utmMedium", "utmCampaign", "utmContent", "utmTerm"] as const;
export type AddressKey = (typeof ADDRESS_KEYS)[number];
export type UtmKey = (typeof UTM_KEYS)[number];
