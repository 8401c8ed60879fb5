import { z } from "zod";

export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A new API key, as the admin form, the CLI and the documentation describe it. `read` by default. */
export const ApiKeyInput = z.object({
  name: z.string().trim().min(1, "is required").max(100, "must be at most 100 characters"),
  scope: z.enum(API_KEY_SCOPES, `must be one of ${API_KEY_SCOPES.join(", ")}`).default("read"),
});
export type ApiKeyInput = z.input<typeof ApiKeyInput>;
