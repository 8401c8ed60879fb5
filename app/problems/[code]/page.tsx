import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { Fragment } from "react";
import { Brand } from "@/components/ui/brand";
import { ERROR_CODES, type ErrorCode, isErrorCode } from "@/lib/error-codes";

export async function generateMetadata({ params }: { params: Promise<{ code: string }> }): Promise<Metadata> {
  return { title: (await getTranslations("problems"))("metaTitle", { code: (await params).code }) };
}

/** The docs' text with its `backticked` spans as code. */
function Prose({ text }: { text: string }) {
  // The parts of one fixed sentence never move: their position is their identity.
  return text.split("`").map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-800">
        {part}
      </code>
    ) : (
      <Fragment key={index}>{part}</Fragment>
    ),
  );
}

const ALL_CODES = Object.keys(ERROR_CODES) as ErrorCode[];
const INGEST_CODES = ALL_CODES.filter((code) => ERROR_CODES[code].ingest);
const OTHER_CODES = ALL_CODES.filter((code) => !ERROR_CODES[code].ingest);

function CodeList({ heading, codes, current }: { heading: string; codes: ErrorCode[]; current: string }) {
  return (
    <>
      <h2 className="mt-8 text-sm font-semibold text-slate-900">{heading}</h2>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {codes.map((other) => (
          <li key={other} className="min-w-0 break-words">
            <Link
              className="font-mono text-indigo-600 hover:underline"
              href={`/problems/${other}`}
              aria-current={other === current ? "page" : undefined}
            >
              {other}
            </Link>{" "}
            <span className="text-slate-500">{ERROR_CODES[other].status}</span>
          </li>
        ))}
      </ul>
    </>
  );
}

export default async function ProblemPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  if (!isErrorCode(code)) notFound();
  const doc = ERROR_CODES[code];
  const [t, locale] = await Promise.all([getTranslations("problems"), getLocale()]);
  // The codes' documentation is the API's, and stays English (DESIGN.md 10): marked as such for readers and
  // screen readers, with a word to say so in other languages.
  const english = locale === "en" ? undefined : "en";
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-12">
      <Link href="/" className="mb-8 inline-flex">
        <Brand />
      </Link>
      <p className="text-sm font-medium text-indigo-600">
        {doc.ingest ? t("ingestKind") : t("adminKind")} · HTTP {doc.status}
      </p>
      <h1 className="mt-1 font-mono text-2xl font-semibold break-words text-slate-900">{code}</h1>
      {english ? <p className="mt-4 text-xs text-slate-500">{t("englishOnly")}</p> : null}
      <p className="mt-4 text-slate-700" data-testid="problem-summary" lang={english}>
        <Prose text={doc.summary} />
      </p>
      <h2 className="mt-6 text-sm font-semibold text-slate-900">{t("whatToDo")}</h2>
      <p className="mt-1 text-slate-700" data-testid="problem-fix" lang={english}>
        <Prose text={doc.fix} />
      </p>
      <CodeList heading={t("ingestCodes")} codes={INGEST_CODES} current={code} />
      <CodeList heading={t("adminCodes")} codes={OTHER_CODES} current={code} />
    </main>
  );
}
