import { readFile } from "node:fs/promises";
import path from "node:path";

/**
 * /docs: the OpenAPI document rendered by Swagger UI (swagger-ui-dist from npm), every asset served by
 * this app (no CDN). Swagger UI rather than Redoc or Scalar: it renders OpenAPI 3.1, ships as one
 * prebuilt script and stylesheet with no install script and no fonts or calls to other hosts, and its
 * "Try it out" lets an integrator send a request with their key from the page.
 */

/** The files /docs/assets/<name> serves: Swagger UI's bundle and stylesheet, and the script that starts it. */
const ASSETS: Record<string, { file?: string; type: string }> = {
  "swagger-ui-bundle.js": { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
  "swagger-ui.css": { file: "swagger-ui.css", type: "text/css; charset=utf-8" },
  "docs-init.js": { type: "text/javascript; charset=utf-8" },
};

// validatorUrl null: Swagger UI would otherwise load a badge from validator.swagger.io.
const INIT_SCRIPT = `window.addEventListener("DOMContentLoaded", function () {
  window.SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    defaultModelsExpandDepth: 0,
    docExpansion: "list",
  });
});
`;

function nonceOf(request: Request): string | undefined {
  // proxy.ts puts the response's Content-Security-Policy on the request too: its nonce lets these scripts run.
  return /'nonce-([^']+)'/.exec(request.headers.get("content-security-policy") ?? "")?.[1];
}

export function docsPage(request: Request): Response {
  const nonce = nonceOf(request);
  const nonceAttribute = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=]/g, "")}"` : "";
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Leadlink API</title>
<link rel="stylesheet" href="/docs/assets/swagger-ui.css">
<style>body{margin:0;background:#fff}.swagger-ui .topbar{display:none}.swagger-ui .info{margin:24px 0}
.ll-bar{display:flex;gap:12px;align-items:center;justify-content:space-between;padding:12px 20px;border-bottom:1px solid #e2e8f0;font:14px system-ui,sans-serif}
.ll-bar a{color:#4338ca;text-decoration:none}.ll-bar strong{font-size:16px;color:#0f172a}</style>
</head>
<body>
<header class="ll-bar"><strong>Leadlink API</strong><span><a href="/api/v1/openapi.json">openapi.json</a> · <a href="/">Admin</a></span></header>
<main id="swagger-ui"><noscript><p style="padding:20px">The reference needs JavaScript; the document itself is at <a href="/api/v1/openapi.json">/api/v1/openapi.json</a>.</p></noscript></main>
<script src="/docs/assets/swagger-ui-bundle.js"${nonceAttribute}></script>
<script src="/docs/assets/docs-init.js"${nonceAttribute}></script>
</body>
</html>
`;
  return new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}

export async function docsAsset(name: string): Promise<Response> {
  const asset = Object.hasOwn(ASSETS, name) ? ASSETS[name] : undefined;
  if (!asset) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain" } });
  const body = asset.file
    ? await readFile(path.join(process.cwd(), "node_modules", "swagger-ui-dist", asset.file))
    : Buffer.from(INIT_SCRIPT);
  return new Response(new Uint8Array(body), {
    headers: { "Content-Type": asset.type, "Cache-Control": "public, max-age=3600", "X-Content-Type-Options": "nosniff" },
  });
}
