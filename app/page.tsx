export default function Home() {
  return (
    <main className="mx-auto max-w-2xl p-8">
      <h1 className="text-2xl font-semibold">Leadlink</h1>
      <p className="mt-2 text-slate-600">Lead capture service. POST leads to /ingest/&lt;capture_link&gt;.</p>
    </main>
  );
}
