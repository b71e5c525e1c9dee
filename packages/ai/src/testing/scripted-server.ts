/**
 * A scripted OpenAI-compatible endpoint for tests: node:http on 127.0.0.1, a free port. Each
 * request to `/v1/chat/completions` takes the next step of the script and replays it (SSE chunks,
 * a JSON body, or an HTTP error such as 429/500); every request's body and headers are recorded so
 * tests can assert on exactly what the real `openai` client sent.
 */
import { createServer, type IncomingHttpHeaders, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body (the Chat Completions request). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests inspect it freely
  body: any;
}

export type ScriptStep =
  /** Streams `chunks` as server-sent events, then `data: [DONE]`. */
  | {
      kind: "sse";
      chunks: unknown[];
      /** Pause between chunks (ms). */
      delayMs?: number;
      /** Send only the first n chunks, then keep the connection open until the client leaves. */
      hangAfter?: number;
    }
  | { kind: "json"; body: unknown; status?: number }
  /** An HTTP error answer, e.g. 429 with `retry-after-ms`. */
  | { kind: "status"; status: number; body?: unknown; headers?: Record<string, string> }
  /** Computes the step from the request (e.g. to echo a changeId the tools produced). */
  | { kind: "dynamic"; respond: (request: RecordedRequest) => ScriptStep };

export interface ScriptedServer {
  /** Base URL for the openai client, ending in `/v1`. */
  readonly baseURL: string;
  readonly requests: RecordedRequest[];
  /** Steps not yet used. */
  readonly remaining: number;
  /** Throws unless every step was used and no request came after the script ran out. */
  assertDone(): void;
  close(): Promise<void>;
}

export async function startScriptedServer(script: ScriptStep[]): Promise<ScriptedServer> {
  const steps = [...script];
  const requests: RecordedRequest[] = [];
  let overflow = 0;
  const open = new Set<ServerResponse>();

  const server = createServer((req, res) => {
    // CORS, so that a browser page (the app's end-to-end tests) may call the endpoint. Preflights
    // are answered here and neither recorded nor counted as script steps.
    res.setHeader("access-control-allow-origin", "*");
    res.setHeader("access-control-expose-headers", "*");
    if (req.method === "OPTIONS") {
      res.writeHead(204, {
        "access-control-allow-methods": "GET, POST, OPTIONS",
        "access-control-allow-headers": req.headers["access-control-request-headers"] ?? "*",
        "access-control-max-age": "600",
      });
      res.end();
      return;
    }
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (raw += c));
    req.on("end", () => {
      let body: unknown = raw;
      try {
        body = raw ? JSON.parse(raw) : undefined;
      } catch {
        // keep the raw text; a test will see it
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      let step = steps.shift();
      if (!step) {
        overflow++;
        res.writeHead(500, { "content-type": "application/json", "x-should-retry": "false" });
        res.end(JSON.stringify({ error: { message: "scripted server: script exhausted" } }));
        return;
      }
      while (step.kind === "dynamic") step = step.respond(recorded);
      open.add(res);
      res.on("close", () => open.delete(res));
      void play(step, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get remaining() {
      return steps.length;
    },
    assertDone() {
      if (steps.length > 0 || overflow > 0) {
        throw new Error(
          `scripted server: ${steps.length} step(s) unused, ${overflow} request(s) beyond the script (${requests.length} received)`,
        );
      }
    },
    async close() {
      for (const res of open) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function play(
  step: Exclude<ScriptStep, { kind: "dynamic" }>,
  res: ServerResponse,
): Promise<void> {
  switch (step.kind) {
    case "json":
      res.writeHead(step.status ?? 200, { "content-type": "application/json" });
      res.end(JSON.stringify(step.body));
      return;
    case "status":
      res.writeHead(step.status, { "content-type": "application/json", ...step.headers });
      res.end(
        JSON.stringify(
          step.body ?? { error: { message: `scripted ${step.status}`, type: "scripted" } },
        ),
      );
      return;
    case "sse": {
      res.writeHead(200, {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        connection: "keep-alive",
      });
      const n = step.hangAfter ?? step.chunks.length;
      for (const chunk of step.chunks.slice(0, n)) {
        if (res.destroyed) return;
        res.write(`data: ${JSON.stringify(chunk)}\n\n`);
        if (step.delayMs) await sleep(step.delayMs);
      }
      if (step.hangAfter !== undefined) return; // left open; close() or the client ends it
      res.end("data: [DONE]\n\n");
      return;
    }
    default: {
      const never: never = step;
      throw new Error(`unknown step ${JSON.stringify(never)}`);
    }
  }
}
