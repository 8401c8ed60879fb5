import type { Metadata } from "next";
import { ViewerProvider } from "@/components/ui/viewer";
import { getViewer } from "@/lib/time/viewer";
import "./globals.css";

// Every page is rendered per request: the CSP nonce (proxy.ts) differs per response, and a page rendered at
// build time would carry scripts without it, which the browser would refuse to run.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Leadlink", template: "%s · Leadlink" },
  description: "Self-hostable lead capture.",
};

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Dates and numbers follow the browser's language and time zone; the text is English (lang="en").
  const viewer = await getViewer();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <ViewerProvider viewer={viewer}>{children}</ViewerProvider>
      </body>
    </html>
  );
}
