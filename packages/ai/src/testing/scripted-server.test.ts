import { describe, expect, it } from "vitest";
import { startScriptedServer } from "./scripted-server.ts";
import { textReply } from "./chunks.ts";

const post = (url: string, body: unknown = { model: "m", messages: [] }) =>
  fetch(`${url}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("the scripted endpoint itself", () => {
  it("assertDone fails while scripted steps are unused", async () => {
    const server = await startScriptedServer([textReply("a"), textReply("b")]);
    try {
      await (await post(server.baseURL)).text();
      expect(() => server.assertDone()).toThrow(/1 step\(s\) unused/);
      await (await post(server.baseURL)).text();
      expect(() => server.assertDone()).not.toThrow();
    } finally {
      await server.close();
    }
  });

  it("a request beyond the script is answered 500 and fails assertDone", async () => {
    const server = await startScriptedServer([]);
    try {
      const res = await post(server.baseURL, { hello: 1 });
      expect(res.status).toBe(500);
      expect(() => server.assertDone()).toThrow(/1 request\(s\) beyond the script/);
      expect(server.requests[0]!.body).toEqual({ hello: 1 });
    } finally {
      await server.close();
    }
  });

  it("CORS preflights are answered but neither recorded nor counted", async () => {
    const server = await startScriptedServer([]);
    try {
      const res = await fetch(`${server.baseURL}/chat/completions`, { method: "OPTIONS" });
      expect(res.status).toBe(204);
      expect(server.requests).toHaveLength(0);
      expect(() => server.assertDone()).not.toThrow();
    } finally {
      await server.close();
    }
  });
});
