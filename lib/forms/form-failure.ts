import { checkFieldsMessage } from "@/lib/request/translate-error";
import { type ActionState, fromError, submittedValues } from "./action-state";

/**
 * A failed form action as the form shows it: the submitted values back, and each error next to the input
 * it belongs to. Errors on list items ("allowedOrigins.3", "options.0") belong to the list's one text box;
 * their messages name the bad item, so the first one is what the box shows.
 */
export async function formFailure(error: unknown, form: FormData): Promise<ActionState> {
  const state = await fromError(error);
  if (state.fieldErrors) {
    const grouped: Record<string, string> = {};
    for (const [field, message] of Object.entries(state.fieldErrors)) grouped[field.replace(/\.\d+$/, "")] ??= message;
    state.fieldErrors = grouped;
    state.message = await checkFieldsMessage();
  }
  return { ...state, values: submittedValues(form) };
}
