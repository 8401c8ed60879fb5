import type { LinkAssignmentInput } from "./assignment-input";

/**
 * The link page's assignment form as LinkAssignmentInput: the ticked members in the order the form lists them,
 * an empty target as none. A target that is not a number is passed on as typed, for the schema to refuse.
 */
export function readAssignmentForm(form: FormData): LinkAssignmentInput {
  const target = String(form.get("responseTargetMinutes") ?? "").trim();
  return {
    roundRobin: form.get("roundRobin") === "on",
    assigneeIds: form.getAll("assigneeIds").map(String),
    responseTargetMinutes: target === "" ? null : (Number(target) as number),
  };
}
