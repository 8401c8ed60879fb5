// The catalogue sent to the browser (i18n/client-messages.ts) holds every namespace a client component
// translates with: a "use client" file, or anything such a file imports, calling useTranslations("…").
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CLIENT_NAMESPACES, clientMessages, pickMessages } from "@/i18n/client-messages";
import { messagesFor } from "@/lib/i18n/messages";

const ROOT = path.resolve(import.meta.dirname, "../..");

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(relative);
    return /\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The project files `file` imports ("@/…" or relative), resolved to .ts/.tsx. */
function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  return [...text.matchAll(/from "((?:@\/|\.\.?\/)[^"]+)"/g)].flatMap(([, specifier]) => {
    const base = specifier!.startsWith("@/") ? specifier!.slice(2) : path.join(path.dirname(file), specifier!);
    return [`${base}.tsx`, `${base}.ts`, `${base}/index.ts`].filter((candidate) => fs.existsSync(path.join(ROOT, candidate)));
  });
}

/** Every file that runs in the browser: the "use client" files and, transitively, what they import. */
function clientFiles(): Set<string> {
  const found = new Set<string>();
  const pending = ["app", "components"]
    .flatMap(sourceFiles)
    .filter((file) => /^["']use client["']/m.test(fs.readFileSync(path.join(ROOT, file), "utf8")));
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (found.has(file)) continue;
    found.add(file);
    pending.push(...imports(file));
  }
  return found;
}

describe("the client's catalogue", () => {
  it("has every namespace client components translate with", () => {
    const used = new Set<string>();
    for (const file of clientFiles()) {
      const text = fs.readFileSync(path.join(ROOT, file), "utf8");
      expect(text, `${file} calls useTranslations() without a namespace`).not.toMatch(/useTranslations\(\s*\)/);
      for (const [, namespace] of text.matchAll(/useTranslations\(\s*"([^"]+)"\s*\)/g)) used.add(namespace!);
    }
    expect(used.size).toBeGreaterThan(20);
    const covered = (namespace: string) =>
      CLIENT_NAMESPACES.some((kept) => namespace === kept || namespace.startsWith(`${kept}.`));
    expect([...used].filter((namespace) => !covered(namespace))).toEqual([]);
  });

  it("keeps the picked namespaces whole and in place, and leaves the rest out", () => {
    for (const locale of ["en", "pt-BR"] as const) {
      const all = messagesFor(locale);
      const client = clientMessages(all) as unknown as typeof all;
      expect(client.workflow).toEqual(all.workflow);
      expect(client.links.form).toEqual(all.links.form);
      expect(client.links).not.toHaveProperty("detail.stats");
      expect(client).not.toHaveProperty("formErrors");
      expect(client.leads.table).toEqual(all.leads.table);
      expect(client.leads).not.toHaveProperty("filters");
    }
    expect(pickMessages({ a: { b: "x", c: "y" }, d: "z" }, ["a.b", "missing.key"])).toEqual({ a: { b: "x" } });
  });
});
