"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/field";

const MAX_ROWS = 10;

interface Row {
  key: number;
  name: string;
  /** The stored value as shown after saving (masked); the box stays empty to keep it. */
  masked?: string;
}

/**
 * Up to 10 custom headers, a name and a value per row. Saved values come back masked: their box is empty
 * with the mask as placeholder, and stays the stored value unless something is typed.
 */
export function HeaderRows({ initial, error }: { initial: { name: string; value: string; masked?: string }[]; error?: string }) {
  const t = useTranslations("webhooks.form");
  const [rows, setRows] = useState<Row[]>(() =>
    initial.map((header, index) => ({ key: index, name: header.name, masked: header.masked })),
  );
  const [values] = useState(() => initial.map((header) => header.value));
  const [next, setNext] = useState(initial.length);
  return (
    <fieldset aria-describedby="headers-hint">
      <legend className="block text-sm font-medium text-slate-700">{t("headers")}</legend>
      <p id="headers-hint" className="mt-1 text-xs text-slate-500">
        {t("headersHint", { max: MAX_ROWS })}
      </p>
      <ul className="mt-2 space-y-2">
        {rows.map((row, index) => (
          <li key={row.key} className="flex flex-wrap items-center gap-2 sm:flex-nowrap" data-testid="header-row">
            <label className="sr-only" htmlFor={`header-name-${row.key}`}>
              {t("headerName", { number: index + 1 })}
            </label>
            <Input
              id={`header-name-${row.key}`}
              name="headerName"
              defaultValue={row.name}
              placeholder="X-Api-Key"
              maxLength={100}
              autoComplete="off"
              className="min-w-0 flex-1 basis-40 font-mono"
            />
            <label className="sr-only" htmlFor={`header-value-${row.key}`}>
              {t("headerValue", { number: index + 1 })}
            </label>
            <Input
              id={`header-value-${row.key}`}
              name="headerValue"
              defaultValue={row.masked ? "" : (values[row.key] ?? "")}
              placeholder={row.masked ? t("unchanged", { masked: row.masked }) : t("valuePlaceholder")}
              maxLength={4096}
              autoComplete="off"
              className="min-w-0 flex-1 basis-40 font-mono"
            />
            <Button
              variant="ghost"
              size="sm"
              onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
              aria-label={t("removeHeader", { number: index + 1 })}
            >
              {t("remove")}
            </Button>
          </li>
        ))}
      </ul>
      {error ? (
        <p role="alert" className="mt-1 text-xs font-medium text-red-600">
          {error}
        </p>
      ) : null}
      {rows.length < MAX_ROWS ? (
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          onClick={() => {
            setRows((current) => [...current, { key: next, name: "" }]);
            setNext(next + 1);
          }}
        >
          {t("addHeader")}
        </Button>
      ) : null}
    </fieldset>
  );
}
