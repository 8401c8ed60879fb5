import type { Metadata } from "next";
import "./globals.css";

// Every page is rendered per request: the CSP nonce (proxy.ts) differs per response, and a page rendered at
// build time would carry scripts without it, which the browser would refuse to run.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Leadlink", template: "%s · Leadlink" },
  description: "Self-hostable lead capture.",
};

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">{children}</body>
    </html>
  );
}
