import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { problemStatus } from "@/lib/http/problem";
import { PROBLEM_DOCS } from "@/lib/http/problem-docs";

export async function generateMetadata({ params }: { params: Promise<{ code: string }> }): Promise<Metadata> {
  return { title: `Error ${(await params).code}` };
}

export default async function ProblemPage({ params }: { params: Promise<{ code: string }> }) {
  const { code } = await params;
  const doc = PROBLEM_DOCS[code];
  if (!doc) notFound();
  return (
    <main className="mx-auto max-w-2xl px-6 py-12">
      <p className="text-sm font-medium text-indigo-600">Leadlink ingest error · HTTP {problemStatus(code)}</p>
      <h1 className="mt-1 font-mono text-2xl font-semibold text-slate-900">{code}</h1>
      <p className="mt-4 text-slate-700">{doc.summary}</p>
      <h2 className="mt-6 text-sm font-semibold text-slate-900">What to do</h2>
      <p className="mt-1 text-slate-700">{doc.fix}</p>
      <h2 className="mt-8 text-sm font-semibold text-slate-900">All error codes</h2>
      <ul className="mt-2 grid grid-cols-2 gap-1 text-sm">
        {Object.keys(PROBLEM_DOCS).map((other) => (
          <li key={other}>
            <Link className="font-mono text-indigo-600 hover:underline" href={`/problems/${other}`}>
              {other}
            </Link>{" "}
            <span className="text-slate-400">{problemStatus(other)}</span>
          </li>
        ))}
      </ul>
    </main>
  );
}
