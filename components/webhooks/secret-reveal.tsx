import { CopyButton } from "@/components/ui/copy-button";

/** A signing secret shown once, with a copy button; receivers verify `webhook-signature` with it. */
export function SecretReveal({ secret }: { secret: string }) {
  return (
    <div className="space-y-2">
      <p className="text-sm font-medium text-slate-700">Signing secret</p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <code
          data-testid="webhook-secret"
          className="block min-w-0 flex-1 break-all rounded-md bg-slate-900 px-3 py-2 font-mono text-xs text-emerald-300"
        >
          {secret}
        </code>
        <CopyButton value={secret} label="Copy secret" />
      </div>
      <p className="text-xs text-slate-500">
        Verify each request's <code>webhook-signature</code> with it (any Standard Webhooks library does). Leadlink will not show
        it again; rotate it to get a new one.
      </p>
    </div>
  );
}
