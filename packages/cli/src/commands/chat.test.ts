import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { revision, validate } from "@kerf/document";
import {
  startScriptedServer,
  textReply,
  toolCallReply,
  type ScriptStep,
  type ScriptedServer,
} from "@kerf/ai/test";
import { main } from "../main.ts";
import { recordingIo } from "../testing.ts";
import { apiKeyFor } from "./chat.ts";

const PLATE = readFileSync(
  fileURLToPath(new URL("../../../../examples/plate.kerf.xml", import.meta.url)),
  "utf8",
);
const THICKER = PLATE.replace('distance="10"', 'distance="15"');
const KEY = "sk-test-secret-4711";

const dir = mkdtempSync(join(tmpdir(), "kerf-chat-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// Every test's endpoint must have used its whole script.
let server: ScriptedServer | undefined;
afterEach(async () => {
  const s = server;
  server = undefined;
  vi.unstubAllEnvs();
  if (!s) return;
  try {
    s.assertDone();
  } finally {
    await s.close();
  }
});

async function chat(script: ScriptStep[], ...args: string[]) {
  server = await startScriptedServer(script);
  const io = recordingIo({ "plate.kerf.xml": PLATE });
  const status = await main(
    ["chat", "plate.kerf.xml", ...args, "--base-url", server.baseURL, "--model", "scripted"],
    io,
  );
  return { status, out: io.out, err: io.err, requests: server.requests };
}

const thickerScript = (): ScriptStep[] => [
  toolCallReply([{ id: "v", name: "validate_xml", args: { xml: THICKER } }]),
  toolCallReply([
    { id: "p", name: "preview_change", args: { xml: THICKER, summary: "5 mm thicker" } },
  ]),
  textReply("I proposed change c1: the plate 5 mm thicker."),
];

describe("kerf chat", () => {
  it("[C4][L7] --apply --out applies the last valid preview and writes a valid file; --json reports it", async () => {
    const out = join(dir, "thicker.kerf.xml");
    const r = await chat(
      thickerScript(),
      "make it 5 mm thicker",
      "--api-key",
      KEY,
      "--apply",
      "--out",
      out,
      "--json",
    );
    expect(r.err).toBe("");
    expect(r.status).toBe(0);
    const report = JSON.parse(r.out);
    expect(Object.keys(report)).toEqual(["answer", "toolCalls", "previews", "applied"]);
    expect(report.answer).toBe("I proposed change c1: the plate 5 mm thicker.");
    expect(report.applied).toBe(true);
    expect(report.toolCalls).toEqual([
      {
        tool: "validate_xml",
        args: { xml: THICKER },
        ok: true,
        cached: false,
        durationMs: expect.any(Number),
      },
      {
        tool: "preview_change",
        args: { xml: THICKER, summary: "5 mm thicker" },
        ok: true,
        cached: false,
        durationMs: expect.any(Number),
      },
    ]);
    expect(report.previews).toHaveLength(1);
    expect(report.previews[0]).toMatchObject({
      changeId: "c1",
      summary: "5 mm thicker",
      valid: true,
      status: "applied",
      diff: { added: [], removed: [] },
    });
    const written = readFileSync(out, "utf8");
    expect(validate(written).valid).toBe(true);
    expect(revision(written)).toBe(revision(THICKER));
    // The key went to the endpoint and nowhere else.
    expect(r.requests[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(r.out + r.err).not.toContain(KEY);
    expect(JSON.stringify(r.requests.map((q) => q.body))).not.toContain(KEY);
  });

  it("[C4] without --apply nothing is written; the answer and the preview are printed", async () => {
    const before = readdirSync(dir);
    const r = await chat(thickerScript(), "make it 5 mm thicker");
    expect(r.status).toBe(0);
    expect(r.out).toBe(
      "I proposed change c1: the plate 5 mm thicker.\nchange c1 (awaiting_user): 5 mm thicker [builds]\n",
    );
    // Tool calls are traced on stderr, never on stdout.
    expect(r.err).toMatch(/preview_change .* -> ok/);
    expect(readdirSync(dir)).toEqual(before);
  });

  it("[C4][C1] --apply with no valid preview writes nothing and exits 1", async () => {
    const out = join(dir, "never.kerf.xml");
    const r = await chat([textReply("It is already fine.")], "check it", "--apply", "--out", out);
    expect(r.status).toBe(1);
    expect(r.out).toBe("It is already fine.\n");
    expect(r.err).toMatch(/no valid change to apply; nothing written/);
    expect(readdirSync(dir)).not.toContain("never.kerf.xml");
  });

  it("[C1][L10] an endpoint that keeps failing: the answer says why, exit 1", async () => {
    const fail = { kind: "status" as const, status: 500, headers: { "retry-after-ms": "5" } };
    const r = await chat([fail, fail, fail], "hello", "--json");
    expect(r.status).toBe(1);
    const report = JSON.parse(r.out);
    expect(report.answer).toMatch(/internal error/);
    expect(report.applied).toBe(false);
    expect(report.error.status).toBe(500);
  });

  it("[C4][C1] a message that did not finish applies nothing, even with a valid preview", async () => {
    const fail = { kind: "status" as const, status: 500, headers: { "retry-after-ms": "5" } };
    const out = join(dir, "unfinished.kerf.xml");
    const r = await chat(
      [thickerScript()[1]!, fail, fail, fail],
      "make it thicker",
      "--apply",
      "--out",
      out,
    );
    expect(r.status).toBe(1);
    expect(r.err).toMatch(/did not finish; nothing applied or written/);
    expect(readdirSync(dir)).not.toContain("unfinished.kerf.xml");
  });

  it("[C4] the key is never printed, even when the endpoint echoes it in an error", async () => {
    const echo = {
      kind: "status" as const,
      status: 401,
      body: { error: { message: `Incorrect API key provided: ${KEY}` } },
    };
    const r = await chat([echo], "hello", "--api-key", KEY, "--json");
    expect(r.status).toBe(1);
    expect(r.out + r.err).not.toContain(KEY);
    expect(JSON.parse(r.out).answer).toMatch(/Incorrect API key provided: \[api key\]/);
  });

  it("[C4] the key comes from KERF_API_KEY when --api-key is not given", async () => {
    vi.stubEnv("KERF_API_KEY", "kerf-env-key");
    vi.stubEnv("OPENAI_API_KEY", "openai-env-key");
    const r = await chat([textReply("hi")], "hello");
    expect(r.status).toBe(0);
    expect(r.requests[0]!.headers.authorization).toBe("Bearer kerf-env-key");
  });

  it("[C4] OPENAI_API_KEY is never sent to an endpoint other than OpenAI's", async () => {
    vi.stubEnv("KERF_API_KEY", "");
    vi.stubEnv("OPENAI_API_KEY", "openai-env-key");
    const r = await chat([textReply("hi")], "hello");
    expect(r.requests[0]!.headers.authorization).not.toContain("openai-env-key");
    expect(apiKeyFor("https://api.openai.com/v1", undefined, { OPENAI_API_KEY: "o" })).toBe("o");
    expect(apiKeyFor("http://localhost:11434/v1", undefined, { OPENAI_API_KEY: "o" })).toBe(
      undefined,
    );
    expect(apiKeyFor("http://x/v1", "flag", { KERF_API_KEY: "k", OPENAI_API_KEY: "o" })).toBe(
      "flag",
    );
  });

  it.each([
    [["plate.kerf.xml", "hi", "--model", "m"], /--base-url URL/],
    [["plate.kerf.xml", "hi", "--base-url", "http://localhost:1/v1"], /--model NAME/],
    [
      ["plate.kerf.xml", "hi", "--base-url", "localhost:11434", "--model", "m"],
      /must be an http\(s\) URL/,
    ],
    [["plate.kerf.xml", "hi", "--base-url", "nonsense", "--model", "m"], /is not a URL/],
    [
      ["plate.kerf.xml", "hi", "--base-url", "http://h/v1", "--model", "m", "--apply"],
      /--apply needs --out/,
    ],
    [
      ["plate.kerf.xml", "hi", "--base-url", "http://h/v1", "--model", "m", "--out", "x"],
      /--out is only written with --apply/,
    ],
    [["plate.kerf.xml", "--base-url", "http://h/v1", "--model", "m"], /Usage: kerf chat/],
    [["missing.kerf.xml", "hi", "--base-url", "http://h/v1", "--model", "m"], /cannot read/],
  ])("[C1] unusable arguments %j exit 2 with one line", async (args, message) => {
    const io = recordingIo({ "plate.kerf.xml": PLATE });
    expect(await main(["chat", ...(args as string[])], io)).toBe(2);
    expect(io.out).toBe("");
    expect(io.err.trimEnd().split("\n")).toHaveLength(1);
    expect(io.err).toMatch(message);
  });
});
