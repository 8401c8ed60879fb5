"use client";

import { useRouter, useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Field, Input } from "@/components/ui/field";
import { safeCallbackPath } from "@/lib/auth/callback-path";
import { signInWithPassword } from "@/lib/auth/sign-in-request";
import { tooManyAttemptsMinutes } from "@/lib/auth/too-many-attempts";

export function SignInForm() {
  const t = useTranslations("auth.signin");
  const router = useRouter();
  const tooManyAttempts = (code: string | undefined | null) => {
    const minutes = tooManyAttemptsMinutes(code);
    return minutes === undefined ? undefined : t("tooManyAttempts", { minutes });
  };
  const params = useSearchParams();
  // next-auth sends its errors here (pages.error): a link to /api/auth/error?error=… lands on this form.
  const [error, setError] = useState<string | undefined>(() => {
    const code = params.get("error");
    return code ? (tooManyAttempts(code) ?? t("failed")) : undefined;
  });
  const [pending, setPending] = useState(false);
  // An accepted invitation lands here with its email (?invited=…): only the new password is left to type.
  const knownEmail = params.get("email") ?? params.get("invited") ?? undefined;

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
          setError(tooManyAttempts(result.error) ?? (result.error === "NetworkError" ? t("unreachable") : t("wrongPassword")));
          return;
        }
        router.replace(destination);
        router.refresh();
      }}
    >
      {error ? <Alert>{error}</Alert> : null}
      <Field id="email" label={t("email")}>
        <Input
          id="email"
          name="email"
          type="email"
          autoComplete="email"
          required
          autoFocus={!knownEmail}
          defaultValue={knownEmail}
        />
      </Field>
      <Field id="password" label={t("password")}>
        <Input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          autoFocus={Boolean(knownEmail)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? t("signingIn") : t("title")}
      </Button>
    </form>
  );
}
