"use client";

import { signIn } from "next-auth/react";
import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { tooManyAttemptsMessage } from "@/lib/auth/too-many-attempts";

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        setError(undefined);
        const data = new FormData(event.currentTarget);
        const result = await signIn("credentials", { email: data.get("email"), password: data.get("password"), redirect: false });
        if (!result || result.error) {
          setPending(false);
          setError(tooManyAttemptsMessage(result?.error) ?? "Wrong email or password.");
          return;
        }
        router.replace(safeCallback(params.get("callbackUrl")));
        router.refresh();
      }}
    >
      {error ? <Alert>{error}</Alert> : null}
      <Field id="email" label="Email">
        <Input id="email" name="email" type="email" autoComplete="email" required autoFocus />
      </Field>
      <Field id="password" label="Password">
        <Input id="password" name="password" type="password" autoComplete="current-password" required />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in…" : "Sign in"}
      </Button>
    </form>
  );
}

/** Only same-site paths: a callbackUrl pointing elsewhere would make this an open redirect. */
function safeCallback(callback: string | null): string {
  if (!callback) return "/";
  try {
    const url = new URL(callback, window.location.origin);
    return url.origin === window.location.origin ? `${url.pathname}${url.search}` : "/";
  } catch {
    return "/";
  }
}
