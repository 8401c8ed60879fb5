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
// The rest makes Swagger UI's page pass WCAG 2.1 AA (tests/e2e/accessibility.spec.ts runs axe on it):
// - its operation summary is a <button> holding the path's deep link, an <a>: interactive content inside a button
//   (axe nested-interactive). The summary shows the path as text; deep links still follow in the address bar and
//   on the tags' headings.
// - it renders <select>s with an empty <label> or none (the server, a parameter's values, a response's examples);
//   each gets a name when it appears.
// - its examples are <pre>s that scroll sideways on a phone: each is a Tab stop, so a keyboard can scroll it too.
const INIT_SCRIPT = `window.addEventListener("DOMContentLoaded", function () {
  function PathWithoutLink() {
    return {
      wrapComponents: {
        OperationSummaryPath: function (Original, system) {
          return function (props) {
            var operationProps = props.operationProps.set("isDeepLinkingEnabled", false);
            return system.React.createElement(Original, Object.assign({}, props, { operationProps: operationProps }));
          };
        },
      },
    };
  }
  function nameOf(select) {
    if (select.id === "servers") return "Servers";
    if (select.closest(".examples-select")) return "Examples";
    var parameter = select.closest("tr[data-param-name]");
    if (parameter) return parameter.getAttribute("data-param-name");
    return "Choose";
  }
  function nameSelects() {
    document.querySelectorAll("#swagger-ui select:not([aria-label])").forEach(function (select) {
      // A <label> around the <select> also holds its options' text: only text beyond that names it.
      var labelled = Array.prototype.some.call(select.labels || [], function (label) {
        return label.textContent.replace(select.textContent, "").trim() !== "";
      });
      if (!labelled) select.setAttribute("aria-label", nameOf(select));
    });
  }
  function focusableCode() {
    document.querySelectorAll("#swagger-ui .highlight-code > pre:not([tabindex])").forEach(function (pre) {
      pre.setAttribute("tabindex", "0");
    });
  }
  new MutationObserver(function () {
    nameSelects();
    focusableCode();
  }).observe(document.getElementById("swagger-ui"), { childList: true, subtree: true });
  window.SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    deepLinking: true,
    validatorUrl: null,
    tryItOutEnabled: false,
    persistAuthorization: false,
    defaultModelsExpandDepth: 0,
    docExpansion: "list",
    plugins: [PathWithoutLink],
  });
});
`;

// Swagger UI's own colours below 4.5:1 (WCAG 1.4.3), darkened: the methods' badges, the version badges, the
// document's address, the "Authorize" button, a parameter's location and the JSON literals' red on dark grey.
// Long unbreakable values (error codes) in the description's tables may wrap, so a 390 px phone scrolls no sideways.
const ACCESSIBLE_CSS = `.swagger-ui .opblock.opblock-get .opblock-summary-method{background:#1d6fb8}
.swagger-ui .opblock.opblock-post .opblock-summary-method{background:#18794e}
.swagger-ui .opblock.opblock-put .opblock-summary-method{background:#b45309}
.swagger-ui .opblock.opblock-patch .opblock-summary-method{background:#0f766e}
.swagger-ui .opblock.opblock-delete .opblock-summary-method{background:#c81e1e}
.swagger-ui .opblock.opblock-head .opblock-summary-method,.swagger-ui .opblock.opblock-options .opblock-summary-method{background:#4b5563}
.swagger-ui .info .title small{background:#4b5563}.swagger-ui .info .title small.version-stamp{background:#3f6212}
.swagger-ui .info .url{color:#1d4ed8}
.swagger-ui .btn.authorize{color:#18794e;border-color:#18794e}.swagger-ui .btn.authorize svg{fill:#18794e}
.swagger-ui .parameter__in{color:#4b5563}
.swagger-ui .microlight span[style*="rgb(211, 99, 99)"]{color:#fc9b9b!important}
.swagger-ui td,.swagger-ui th{overflow-wrap:anywhere}`;

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
.ll-bar a{color:#4338ca;text-decoration:none}.ll-bar strong{font-size:16px;color:#0f172a}
${ACCESSIBLE_CSS}</style>
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
