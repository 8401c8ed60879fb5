"use client";

import { useTranslations } from "next-intl";
import { useActionState, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ActionState } from "@/lib/forms/action-state";
import type { Role } from "@/lib/workspaces/member-rules";

/** A member's role with a menu to change it; saving is explicit, so moving through the menu by keyboard changes nothing. */
export function MemberRoleForm({
  userId,
  person,
  role,
  roles,
  action,
}: {
  userId: string;
  person: string;
  role: Role;
  roles: Role[];
  action: (state: ActionState, form: FormData) => Promise<ActionState>;
}) {
  const t = useTranslations("members.roleForm");
  const roleNames = useTranslations("roles");
  const [state, formAction, pending] = useActionState(action, {});
  // Uncontrolled, so React's reset after the action shows the stored role again; `chosen` only shows Save.
  const [chosen, setChosen] = useState<Role>(role);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `state` is new after every action, which is when the shown choice must follow the form's reset
  useEffect(() => setChosen(role), [state, role]);
  const id = `role-${userId}`;
  return (
    <form action={formAction} className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t("roleOf", { person })}
      </label>
      <select
        // A select takes its defaultValue only when mounted: a new stored role remounts it.
        key={role}
        id={id}
        name="role"
        defaultValue={role}
        onChange={(event) => setChosen(event.target.value as Role)}
        // Its own width (not inputClass's w-full, which a narrow row squeezed to an empty box): the longest role fits.
        className="block w-32 rounded-md border-0 bg-white py-1.5 pr-8 pl-2.5 text-xs text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-[invalid=true]:ring-red-500"
        aria-invalid={state.message && !state.ok ? true : undefined}
        aria-describedby={state.message && !state.ok ? `${id}-error` : undefined}
      >
        {(roles.includes(role) ? roles : [role, ...roles]).map((option) => (
          <option key={option} value={option}>
            {roleNames(`${option}.label`)}
          </option>
        ))}
      </select>
      {chosen !== role ? (
        <Button type="submit" size="sm" disabled={pending}>
          {pending ? t("saving") : t("save")}
        </Button>
      ) : null}
      {state.message && !state.ok ? (
        <p id={`${id}-error`} role="alert" className="w-full text-xs font-medium text-red-600">
          {state.message}
        </p>
      ) : null}
    </form>
  );
}
