// Tiny static server for the built app (dist/). No dependencies: node:http only.
// PORT from the environment (0 = any free port), default 5173; if that port is busy the next
// free ones are tried. Prints the URL once listening.
import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(fileURLToPath(new URL(".", import.meta.url)), process.env.KERF_DIST ?? "dist");

const MIME = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
};

async function fileFor(urlPath) {
  let path;
  try {
    path = decodeURIComponent(urlPath.split("?")[0]);
  } catch {
    return null;
  }
  const full = normalize(join(root, path));
  if (full !== root && !full.startsWith(root + sep)) return null;
  try {
    const s = await stat(full);
    if (s.isDirectory()) return fileFor(join(path, "index.html"));
    return full;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- assistant relay
// POST/GET /relay/<encoded base URL>/<path> is forwarded to <base URL>/<path>, for model endpoints
// that do not allow requests from a browser (no CORS). Only pages of this origin may use it; the
// API key passes through to the endpoint and is never logged or stored. See docs/ai.md.
const RELAY = "/relay/";
const RELAY_HEADERS =
  /^(authorization|content-type|accept|api-key|openai-organization|openai-project|x-stainless-[a-z-]+)$/;
const RELAY_BACK = [
  "content-type",
  "retry-after",
  "retry-after-ms",
  "x-should-retry",
  "x-request-id",
];

async function relay(req, res) {
  const origin = req.headers.origin;
  const host = req.headers.host ?? "";
  // A loopback Host defeats DNS rebinding (evil.example resolving to 127.0.0.1); a matching
  // Origin keeps other sites' pages out.
  const loopback = /^(localhost|127\.0\.0\.1|\[::1\])(:\d+)?$/.test(host);
  if (!loopback || (origin && origin !== `http://${host}`)) {
    res
      .writeHead(403, { "Content-Type": "text/plain; charset=utf-8" })
      .end("relay: other origins may not use it");
    return;
  }
  if (req.method !== "GET" && req.method !== "POST") {
    res.writeHead(405).end();
    return;
  }
  const rest = (req.url ?? "").slice(RELAY.length);
  const cut = rest.indexOf("/");
  let target;
  try {
    const base = decodeURIComponent(cut < 0 ? rest : rest.slice(0, cut));
    target = new URL(base.replace(/\/+$/, "") + (cut < 0 ? "" : rest.slice(cut)));
    if (target.protocol !== "http:" && target.protocol !== "https:") throw new Error("protocol");
  } catch {
    res
      .writeHead(400, { "Content-Type": "text/plain; charset=utf-8" })
      .end("relay: bad endpoint URL");
    return;
  }
  const headers = {};
  for (const [k, v] of Object.entries(req.headers)) {
    if (RELAY_HEADERS.test(k) && typeof v === "string") headers[k] = v;
  }
  const chunks = [];
  for await (const c of req) chunks.push(c);
  const upstream = new AbortController();
  res.on("close", () => upstream.abort());
  let answer;
  try {
    answer = await fetch(target, {
      method: req.method,
      headers,
      body: req.method === "POST" ? Buffer.concat(chunks) : undefined,
      signal: upstream.signal,
    });
  } catch (err) {
    if (!res.headersSent) {
      res.writeHead(502, { "Content-Type": "application/json" });
      res.end(
        JSON.stringify({
          error: {
            message: `relay: the endpoint could not be reached (${err?.cause?.code ?? err?.name ?? "error"})`,
          },
        }),
      );
    }
    return;
  }
  const back = { "Cache-Control": "no-store" };
  for (const h of RELAY_BACK) {
    const v = answer.headers.get(h);
    if (v) back[h] = v;
  }
  res.writeHead(answer.status, back);
  if (!answer.body) {
    res.end();
    return;
  }
  try {
    for await (const chunk of answer.body) res.write(chunk);
  } catch {
    // the browser or the endpoint went away
  }
  res.end();
}

const server = createServer(async (req, res) => {
  if ((req.url ?? "").startsWith(RELAY)) {
    await relay(req, res);
    return;
  }
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405).end();
    return;
  }
  // Unknown paths fall back to the app shell (client-side routes live in the hash anyway).
  const file = (await fileFor(req.url ?? "/")) ?? join(root, "index.html");
  try {
    const body = await readFile(file);
    const type = MIME[extname(file).toLowerCase()] ?? "application/octet-stream";
    const hashed = /[.-][A-Za-z0-9_-]{8,}\.(js|css|wasm)$/.test(file);
    res.writeHead(200, {
      "Content-Type": type,
      "Content-Length": body.length,
      "Cache-Control": hashed ? "public, max-age=31536000, immutable" : "no-cache",
      "X-Content-Type-Options": "nosniff",
    });
    res.end(req.method === "HEAD" ? undefined : body);
  } catch {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end("Not found");
  }
});

const wanted = Number(process.env.PORT ?? 5173);
let port = Number.isInteger(wanted) && wanted >= 0 ? wanted : 5173;
let attempts = 0;

server.on("error", (err) => {
  if (err.code === "EADDRINUSE" && port !== 0 && attempts < 20) {
    attempts++;
    port++;
    server.listen(port, "127.0.0.1");
    return;
  }
  console.error(err.message);
  process.exit(1);
});

server.on("listening", () => {
  const address = server.address();
  const actual = typeof address === "object" && address ? address.port : port;
  console.log(`Kerf is running at http://localhost:${actual}/`);
});

server.listen(port, "127.0.0.1");
