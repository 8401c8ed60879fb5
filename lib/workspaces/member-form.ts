import type { NewMemberInput } from "./add-workspace-member";

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The add-member form as NewMemberInput expects it (the schema does the validating). */
export function readMemberForm(form: FormData): NewMemberInput {
  const base = { email: text(form, "email"), role: (text(form, "role") || "member") as NewMemberInput["role"] };
  return text(form, "account") === "new"
    ? { ...base, account: "new", password: text(form, "password"), name: text(form, "name") }
    : { ...base, account: "existing" };
}
