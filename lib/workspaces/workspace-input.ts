import { isSupportedCountry } from "libphonenumber-js";
import { z } from "zod";
import { Role } from "@/lib/db/generated/enums";
import { EmailAddress } from "@/lib/users/user-input";
import { SLUG_MAX_LENGTH, slugify } from "./slugify";

export const WORKSPACE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
const SLUG_RULE = `must be 1–${SLUG_MAX_LENGTH} lower-case letters, digits or "-", starting with a letter or digit`;

export const WorkspaceName = z.string().trim().min(1, "is required").max(100, "must be at most 100 characters");

/** The workspace's address in URLs (/w/<slug>) and its handle on the command line. */
export const WorkspaceSlug = z.string().trim().toLowerCase().regex(WORKSPACE_SLUG_PATTERN, SLUG_RULE);

/** ISO 3166-1 alpha-2, the default country of phone numbers sent without a country code. */
export const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine((code) => /^[A-Z]{2}$/.test(code) && isSupportedCountry(code), {
    message: "must be an ISO 3166-1 alpha-2 country code such as BR or US",
    params: { code: "invalid_country" },
  });

/**
 * A new workspace, as the setup page, the admin form and the CLI send it.
 * Without a slug (or with an empty one) the slug is derived from the name.
 */
export const WorkspaceInput = z
  .object({
    name: WorkspaceName,
    slug: z
      .literal("")
      .transform(() => undefined)
      .or(WorkspaceSlug)
      .optional(),
    country: CountryCode.default("BR"),
  })
  .transform((input, ctx) => {
    const slug = input.slug ?? slugify(input.name);
    if (!WORKSPACE_SLUG_PATTERN.test(slug)) {
      ctx.issues.push({
        code: "custom",
        path: ["slug"],
        input: slug,
        params: { code: "invalid_slug" },
        message: `cannot be derived from this name: choose one (${SLUG_RULE})`,
      });
      return z.NEVER;
    }
    return { name: input.name, slug, country: input.country };
  });
export type WorkspaceInput = z.input<typeof WorkspaceInput>;

export const MemberRole = z.enum(Role, "must be owner, admin or member");

/** A user added to a workspace, by email. */
export const MemberInput = z.object({
  email: EmailAddress,
  role: MemberRole.default("member"),
});
export type MemberInput = z.input<typeof MemberInput>;
