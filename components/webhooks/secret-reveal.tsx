import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";

/** A signing secret shown once, with a copy button; receivers verify `webhook-signature` with it. */
export function SecretReveal({ secret }: { secret: string }) {
  const t = useTranslations("webhooks.secret");
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700">{t("label")}</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="webhook-secret"
          className="block min-w-0 flex-1 break-all rounded-md bg-slate-900 px-3 py-2 font-mono text-xs text-emerald-300"
        >
          {secret}
        </code>
        <CopyButton value={secret} label={t("copy")} />
      </div>
      <p className="text-xs text-slate-500">{t.rich("hint", { code: (chunks) => <code>{chunks}</code> })}</p>
    </div>
  );
}
