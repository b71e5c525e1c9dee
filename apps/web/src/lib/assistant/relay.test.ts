/**
 * The same-origin relay of apps/web/server.mjs (docs/ai.md): forwards /relay/<base>/<path> to the
 * endpoint with only the headers the OpenAI client needs, streams the answer back, and refuses
 * pages of other origins.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { request } from "node:http";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedServer, textReply, type ScriptedServer } from "@kerf/ai/test";

const SERVER = fileURLToPath(new URL("../../../server.mjs", import.meta.url));
let child: ChildProcess;
let origin = "";
let endpoint: ScriptedServer;

beforeAll(async () => {
  endpoint = await startScriptedServer([
    textReply("Hello through the relay."),
    { kind: "json", body: { object: "list", data: [{ id: "m" }] } },
  ]);
  child = spawn(process.execPath, [SERVER], {
    env: { ...process.env, PORT: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  origin = await new Promise<string>((resolve, reject) => {
    let out = "";
    child.stdout?.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /http:\/\/localhost:(\d+)\//.exec(out);
      if (m) resolve(`http://localhost:${m[1]}`);
    });
    child.once("exit", (code) => reject(new Error(`server exited ${code}: ${out}`)));
  });
});

afterAll(async () => {
  child?.kill();
  await endpoint?.close();
});

/** fetch() will not send a foreign Host header; node:http will. */
function statusWithHost(url: string, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end();
  });
}

const relayed = (path: string) => `${origin}/relay/${encodeURIComponent(endpoint.baseURL)}${path}`;

describe("the relay of npm start", () => {
  it("forwards a streamed chat completion with the key, and nothing else of the page's", async () => {
    const res = await fetch(relayed("/chat/completions"), {
      method: "POST",
      headers: {
        origin,
        authorization: "Bearer sk-relay",
        "content-type": "application/json",
        cookie: "session=secret",
        "x-stainless-lang": "js",
      },
      body: JSON.stringify({ model: "m", messages: [], stream: true }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/event-stream");
    const text = await res.text();
    expect(text).toContain("relay.");
    expect(text.trim().endsWith("data: [DONE]")).toBe(true);
    const got = endpoint.requests[0]!;
    expect(got.path).toBe("/v1/chat/completions");
    expect(got.body).toEqual({ model: "m", messages: [], stream: true });
    expect(got.headers.authorization).toBe("Bearer sk-relay");
    expect(got.headers["x-stainless-lang"]).toBe("js");
    expect(got.headers.cookie).toBeUndefined();
    expect(got.headers.origin).toBeUndefined();
  });

  it("relays GET /models (Test connection)", async () => {
    const res = await fetch(relayed("/models"), { headers: { origin } });
    expect(await res.json()).toEqual({ object: "list", data: [{ id: "m" }] });
    endpoint.assertDone();
  });

  it("refuses other origins, other methods and URLs that are not http(s)", async () => {
    const n = endpoint.requests.length;
    expect(
      (await fetch(relayed("/models"), { headers: { origin: "http://evil.example" } })).status,
    ).toBe(403);
    expect(
      (await fetch(relayed("/models"), { method: "DELETE", headers: { origin } })).status,
    ).toBe(405);
    // DNS rebinding: a foreign host name that resolves to this machine.
    expect(await statusWithHost(relayed("/models"), "evil.example:5173")).toBe(403);
    const bad = `${origin}/relay/${encodeURIComponent("file:///etc")}/passwd`;
    expect((await fetch(bad, { headers: { origin } })).status).toBe(400);
    expect(endpoint.requests.length).toBe(n);
  });

  it("says so when the endpoint cannot be reached", async () => {
    const res = await fetch(
      `${origin}/relay/${encodeURIComponent("http://127.0.0.1:9/v1")}/models`,
      {
        headers: { origin },
      },
    );
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/relay/);
  });
});
