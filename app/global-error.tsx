"use client";

import "./globals.css";
import { ErrorExplanation, RetryButton } from "@/components/ui/error-details";
import { StatusPage } from "@/components/ui/status-page";

/** The last resort: the root layout itself failed, so this page brings its own <html>. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <html lang="en">
      <head>
        <title>Something went wrong · Leadlink</title>
      </head>
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <StatusPage framed status="Error" title="Something went wrong">
          <ErrorExplanation digest={error.digest} />
          <div className="flex justify-center pt-4">
            <RetryButton reset={reset} />
          </div>
        </StatusPage>
      </body>
    </html>
  );
}
