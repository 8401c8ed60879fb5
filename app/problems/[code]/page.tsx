import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Fragment } from "react";
import { problemStatus } from "@/lib/http/problem";
import { PROBLEM_DOCS } from "@/lib/http/problem-docs";

export async function generateMetadata({ params }: { params: Promise<{ code: string }> }): Promise<Metadata> {
  return { title: `Error ${(await params).code}` };
}

/** The docs' text with its `backticked` spans as code. */
function Prose({ text }: { text: string }) {
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

export default async function ProblemPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const doc = PROBLEM_DOCS[code];
  if (!doc) notFound();
  return (
    <main className="mx-auto max-w-2xl px-4 py-10 sm:px-6 sm:py-12">
      <Link href="/" className="mb-8 flex items-center gap-2 text-lg font-semibold tracking-tight text-slate-900">
        <span aria-hidden className="grid size-7 place-items-center rounded-md bg-indigo-600 text-sm text-white">L</span>
        Leadlink
      </Link>
      <p className="text-sm font-medium text-indigo-600">Leadlink ingest error · HTTP {problemStatus(code)}</p>
      <h1 className="mt-1 font-mono text-2xl font-semibold break-words text-slate-900">{code}</h1>
      <p className="mt-4 text-slate-700" data-testid="problem-summary">
        <Prose text={doc.summary} />
      </p>
      <h2 className="mt-6 text-sm font-semibold text-slate-900">What to do</h2>
      <p className="mt-1 text-slate-700" data-testid="problem-fix">
        <Prose text={doc.fix} />
      </p>
      <h2 className="mt-8 text-sm font-semibold text-slate-900">All error codes</h2>
      <ul className="mt-2 grid gap-1 text-sm sm:grid-cols-2">
        {Object.keys(PROBLEM_DOCS).map((other) => (
          <li key={other} className="min-w-0 break-words">
            <Link className="font-mono text-indigo-600 hover:underline" href={`/problems/${other}`} aria-current={other === code ? "page" : undefined}>
              {other}
            </Link>{" "}
            <span className="text-slate-400">{problemStatus(other)}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
