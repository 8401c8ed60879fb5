import fs from "node:fs";
import { chromium } from "playwright-core";
const [file, x, y, w, h, out] = process.argv.slice(2);
const b = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox"] });
const p = await b.newPage({ viewport: { width: Number(w), height: Number(h) } });
const data = fs.readFileSync(file).toString("base64");
await p.setContent(`<body style="margin:0"><img src="data:image/png;base64,${data}" style="position:absolute;left:-${x}px;top:-${y}px"></body>`);
await p.screenshot({ path: out });
await b.close();
