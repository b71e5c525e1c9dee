import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { Chat, defineTool, ok } from "../src/index.ts";
import {
  startScriptedServer,
  textReply,
  toolCallReply,
  type ScriptedServer,
} from "../src/testing/index.ts";
import { staticSession } from "./interim-support.ts";

const echo = defineTool({
  name: "echo",
  description: "Echo",
  schema: z.strictObject({ text: z.string() }),
  readOnly: true,
  run: async ({ text }) => ok({ text }),
});

let server: ScriptedServer | undefined;
afterEach(async () => server?.close());

describe("loop basics", () => {
  it("runs a tool and answers", async () => {
    server = await startScriptedServer([
      toolCallReply([{ id: "call_a", name: "echo", args: { text: "hi" } }]),
      textReply("Done."),
    ]);
    const chat = new Chat({
      baseURL: server.baseURL,
      model: "m",
      session: staticSession(),
      tools: [echo],
    });
    const events: string[] = [];
    const r = await chat.send("hello", { onEvent: (e) => events.push(e.type) });
    expect(r.answer).toBe("Done.");
    server.assertDone();
    const second = server.requests[1]!.body;
    console.log(
      JSON.stringify(second.messages.slice(1), null, 1),
      events,
      server.requests[0]!.headers,
    );
  });
});
