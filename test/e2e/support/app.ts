/**
 * The built app for end-to-end tests: `vite build` once per test run (the first test file to get
 * here builds, the others wait for its stamp), then one static server per test file on a free
 * port, and Debian's Chromium through playwright-core.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll } from "vitest";

export const ROOT = resolve(fileURLToPath(new URL(".", import.meta.url)), "../../..");
export const WEB = join(ROOT, "apps/web");
export const EXAMPLES = resolve(ROOT, "examples");
export const SCREENSHOTS = join(ROOT, "docs/screenshots");

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Build the app once per test run (keyed by the runner's process id). */
export async function ensureBuilt(): Promise<void> {
  if (process.env.KERF_E2E_SKIP_BUILD === "1" && existsSync(join(WEB, "dist/index.html"))) return;
  const stamp = join(tmpdir(), `kerf-e2e-built-${process.ppid}`);
  const lock = join(tmpdir(), `kerf-e2e-building-${process.ppid}`);
  for (;;) {
    if (existsSync(stamp)) {
      const status = readFileSync(stamp, "utf8");
      if (status !== "ok") throw new Error(`vite build failed:\n${status}`);
      return;
    }
    try {
      mkdirSync(lock);
    } catch {
      await sleep(250);
      continue;
    }
    const r = spawnSync(process.execPath, [join(ROOT, "node_modules/vite/bin/vite.js"), "build"], {
      cwd: WEB,
      encoding: "utf8",
    });
    writeFileSync(stamp, r.status === 0 ? "ok" : `${r.stdout}\n${r.stderr}`);
    rmSync(lock, { recursive: true, force: true });
  }
}

export interface Served {
  url: string;
  close(): Promise<void>;
}

/** Start server.mjs on a free port; resolves with its URL. */
export function serve(): Promise<Served> {
  return new Promise((resolveServed, reject) => {
    const child: ChildProcess = spawn(process.execPath, [join(WEB, "server.mjs")], {
      cwd: WEB,
      env: { ...process.env, PORT: "0" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    const timer = setTimeout(() => reject(new Error(`server did not start: ${out}`)), 15_000);
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /(http:\/\/localhost:\d+\/)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolveServed({
          url: m[1]!,
          close: () =>
            new Promise<void>((done) => {
              child.once("exit", () => done());
              child.kill();
            }),
        });
      }
    });
    child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: "/usr/bin/chromium", args: CHROMIUM_ARGS });
}

export interface Session {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  served: Served;
  /** Console errors and page errors seen so far. */
  errors: string[];
  close(): Promise<void>;
}

export interface OpenOptions {
  width?: number;
  height?: number;
  /**
   * Show the assistant's column (default true). The modelling suites hide it, as a user can, so
   * that the viewport is as wide as their clicks and screenshots expect.
   */
  assistant?: boolean;
}

/** Build (once), serve, open Chromium on the app. */
export async function openApp(options: OpenOptions = {}): Promise<Session> {
  await ensureBuilt();
  const served = await serve();
  const browser = await launch();
  const context = await browser.newContext({
    viewport: { width: options.width ?? 1440, height: options.height ?? 900 },
    acceptDownloads: true,
  });
  // Generous waits for a slow, shared 2-core machine: every wait is on a condition.
  context.setDefaultTimeout(60_000);
  if (options.assistant === false) {
    await context.addInitScript(() => localStorage.setItem("kerf.assistant.open", "0"));
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  await page.goto(`${served.url}#/`);
  return {
    browser,
    context,
    page,
    served,
    errors,
    async close() {
      await browser.close();
      await served.close();
    },
  };
}

/**
 * One app per test file: opened before its tests, closed after them. The returned session is
 * filled in by `beforeAll`, so read it inside tests only.
 */
export function useApp(options: OpenOptions = {}): Session {
  const s = {} as Session;
  beforeAll(async () => {
    Object.assign(s, await openApp(options));
  }, 300_000);
  afterAll(async () => {
    await s.close?.();
  });
  return s;
}
