"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { signInWithPassword } from "@/lib/auth/sign-in-request";
import { tooManyAttemptsMessage } from "@/lib/auth/too-many-attempts";

export function SignInForm() {
  const router = useRouter();
  const params = useSearchParams();
  // next-auth sends its errors here (pages.error): a link to /api/auth/error?error=… lands on this form.
  const [error, setError] = useState<string | undefined>(() => {
    const code = params.get("error");
    return code ? (tooManyAttemptsMessage(code) ?? "Signing in did not work. Try again.") : undefined;
  });
  const [pending, setPending] = useState(false);

  return (
    <form
      className="space-y-4"
      onSubmit={async (event) => {
        event.preventDefault();
        setPending(true);
        setError(undefined);
        const data = new FormData(event.currentTarget);
        // Back to the page that sent here, if it is a page of this site (never another site: open redirect).
        const destination = safeCallbackPath(params.get("callbackUrl"), window.location.origin) ?? "/";
        const result = await signInWithPassword(String(data.get("email") ?? ""), String(data.get("password") ?? ""), destination);
        if (!result.ok) {
          setPending(false);
          setError(
            tooManyAttemptsMessage(result.error) ??
              (result.error === "NetworkError" ? "The server could not be reached. Try again." : "Wrong email or password."),
          );
          return;
        }
        router.replace(destination);
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
