import { describe, expect, it } from "vitest";
import { DEFAULT_MAX_RETRIES } from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { useKernel } from "../kernel.ts";
import { useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();

// retry-after-ms keeps the tests fast; the client honours it instead of its own backoff.
const fast = { "retry-after-ms": "5" };

describe("endpoint errors and retries (L10)", () => {
  it("[L10] a 429 is retried and the answer arrives", async () => {
    const h = await start(
      [{ kind: "status", status: 429, headers: fast }, textReply("after the wait")],
      k.session("plate"),
    );
    const r = await h.chat.send("hi");
    expect(r.answer).toBe("after the wait");
    expect(r.error).toBeUndefined();
    expect(h.server.requests.map((q) => q.headers["x-stainless-retry-count"])).toEqual(["0", "1"]);
    expect(h.server.requests[1]!.body).toEqual(h.server.requests[0]!.body);
  });

  it("[L10] a 500 between two tool steps is retried; the turn goes on", async () => {
    const h = await start(
      [
        toolCallReply([{ id: "c1", name: "get_geometry", args: { ref: "body" } }]),
        { kind: "status", status: 500, headers: fast },
        textReply("The plate is 40 by 20 by 10."),
      ],
      k.session("plate"),
    );
    const r = await h.chat.send("how big?");
    expect(r.answer).toBe("The plate is 40 by 20 by 10.");
    expect(h.server.requests[2]!.body).toEqual(h.server.requests[1]!.body);
  });

  it(`[L10] 500 on every attempt: ${DEFAULT_MAX_RETRIES} retries, then the user reads why`, async () => {
    const fail = { kind: "status" as const, status: 500, headers: fast };
    const h = await start(
      Array.from({ length: DEFAULT_MAX_RETRIES + 1 }, () => fail),
      k.session("plate"),
    );
    const r = await h.chat.send("hi");
    expect(h.server.requests).toHaveLength(3);
    expect(r.error?.status).toBe(500);
    expect(r.answer).toMatch(/internal error; try again/);
    expect(h.chat.history.at(-1)).toEqual({ role: "assistant", content: r.answer });
  });

  it("[L10] 429 on every attempt: the user reads that the endpoint is rate-limiting", async () => {
    const limited = { kind: "status" as const, status: 429, headers: fast };
    const h = await start(
      Array.from({ length: DEFAULT_MAX_RETRIES + 1 }, () => limited),
      k.session("plate"),
    );
    const r = await h.chat.send("hi");
    expect(r.error?.status).toBe(429);
    expect(r.answer).toMatch(/rate-limiting/);
  });

  it("[L10] a 429 asking for a long wait is reported at once, not waited through", async () => {
    const h = await start(
      [{ kind: "status", status: 429, headers: { "retry-after": "3600" } }],
      k.session("plate"),
    );
    const started = performance.now();
    const r = await h.chat.send("hi");
    expect(performance.now() - started).toBeLessThan(10_000); // vs an hour if Retry-After were honoured
    expect(r.error?.status).toBe(429);
    expect(r.answer).toMatch(/rate-limiting/);
  });

  it("[L10] a 400 is not retried", async () => {
    const h = await start(
      [{ kind: "status", status: 400, body: { error: { message: "bad model" } } }],
      k.session("plate"),
    );
    const r = await h.chat.send("hi");
    expect(r.error?.status).toBe(400);
    expect(r.answer).toMatch(/bad model/);
  });

  it("[L10] sends the api key, the model and a streamed request to the base URL", async () => {
    const h = await start([textReply("hi")], k.session("plate"));
    await h.chat.send("hello");
    const [req] = h.server.requests;
    expect(req!.path).toBe("/v1/chat/completions");
    expect(req!.headers.authorization).toBe("Bearer test-key");
    expect(req!.body).toMatchObject({ model: "scripted-model", stream: true });
  });
});
