import clsx from "clsx";
import type { ComponentProps, ReactNode } from "react";

export const inputClass =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-indigo-600 aria-[invalid=true]:ring-red-500";

/** A labelled form control with its hint and its error, wired for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
  className,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, error, ...props }: ComponentProps<"input"> & { error?: string }) {
  return (
    <input
      className={clsx(inputClass, className)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${props.id}-error` : props.id ? `${props.id}-hint` : undefined}
      {...props}
    />
  );
}

export function Select({ className, error, ...props }: ComponentProps<"select"> & { error?: string }) {
  return <select className={clsx(inputClass, "pr-8", className)} aria-invalid={error ? true : undefined} {...props} />;
}

export function Textarea({ className, error, ...props }: ComponentProps<"textarea"> & { error?: string }) {
  return <textarea className={clsx(inputClass, className)} aria-invalid={error ? true : undefined} {...props} />;
}
