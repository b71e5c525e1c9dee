import { afterEach, describe, expect, it } from "vitest";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { z } from "zod";
import { defineTool, ok, withSettings } from "../../src/index.ts";
import { staticSession } from "../interim-support.ts";
import {
  echoTool,
  expectEveryCallAnswered,
  harness,
  toolResults,
  type Harness,
} from "../support.ts";

let h: Harness | undefined;
afterEach(async () => h?.server.close());

describe("L3 argument checks", () => {
  it("[L3] malformed JSON is INVALID_ARGUMENTS with the issue, never coerced to {}", async () => {
    h = await harness(
      [toolCallReply([{ id: "c1", name: "echo", args: '{"text": "hi"' }]), textReply("sorry")],
      staticSession(),
      [echoTool],
    );
    await h.chat.send("x");
    h.server.assertDone();
    const [r] = toolResults(h.server.requests[1]!);
    expect(r!.result.ok).toBe(false);
    expect(r!.result.error.code).toBe("INVALID_ARGUMENTS");
    expect(r!.result.error.issues[0].message).toMatch(/not valid JSON/);
    expect(h.traces[0]!.args).toBe('{"text": "hi"');
  });

  it("[L3] a schema mismatch lists the issues by path", async () => {
    h = await harness(
      [
        toolCallReply([{ id: "c1", name: "echo", args: { text: 5, extra: true } }]),
        textReply("sorry"),
      ],
      staticSession(),
      [echoTool],
    );
    await h.chat.send("x");
    const [r] = toolResults(h.server.requests[1]!);
    expect(r!.result.error.code).toBe("INVALID_ARGUMENTS");
    const paths = r!.result.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toContain("text");
    expect(r!.result.error.message).toMatch(/extra/);
  });

  it("[L3] an empty argument string is {}", async () => {
    const ping = defineTool({
      name: "ping",
      description: "Ping.",
      schema: z.strictObject({ note: z.string().nullable().optional() }),
      readOnly: true,
      run: async (args) => ok({ args }),
    });
    h = await harness(
      [
        toolCallReply([
          { id: "c1", name: "ping", args: "" },
          { id: "c2", name: "echo", args: "" },
        ]),
        textReply("ok"),
      ],
      staticSession(),
      [ping, echoTool],
    );
    await h.chat.send("x");
    const [empty, required] = toolResults(h.server.requests[1]!);
    expect(empty!.result).toEqual({ ok: true, data: { args: {} } });
    // echo requires text: {} is a schema mismatch naming it, not a JSON error.
    expect(required!.result.error.code).toBe("INVALID_ARGUMENTS");
    expect(required!.result.error.issues[0].path).toBe("text");
  });

  it("[L3] an unknown tool is UNKNOWN_TOOL listing the valid names", async () => {
    h = await harness(
      [toolCallReply([{ id: "c1", name: "delete_everything", args: {} }]), textReply("ok")],
      staticSession(),
      [echoTool],
    );
    await h.chat.send("x");
    const [r] = toolResults(h.server.requests[1]!);
    expect(r!.result.error.code).toBe("UNKNOWN_TOOL");
    expect(r!.result.error.validTools).toEqual(["echo"]);
    expect(r!.result.error.message).toContain("echo");
  });

  it("[L3][T0] a disabled tool is not offered and answers TOOL_DISABLED", async () => {
    const off = withSettings(echoTool, { enabled: false });
    h = await harness(
      [toolCallReply([{ id: "c1", name: "echo", args: { text: "a" } }]), textReply("ok")],
      staticSession(),
      [off],
    );
    await h.chat.send("x");
    expect(h.server.requests[0]!.body.tools).toBeUndefined();
    expect(toolResults(h.server.requests[1]!)[0]!.result.error.code).toBe("TOOL_DISABLED");
  });

  it("[L3] three invalid calls in a row end tool use for the message", async () => {
    h = await harness(
      [
        toolCallReply([{ id: "c1", name: "echo", args: "{" }]),
        toolCallReply([
          { id: "c2", name: "nope", args: {} },
          { id: "c3", name: "echo", args: { text: 1 } },
        ]),
        textReply("I could not call the tools correctly."),
      ],
      staticSession(),
      [echoTool],
    );
    const r = await h.chat.send("x");
    h.server.assertDone();
    expect(r.answer).toBe("I could not call the tools correctly.");
    const last = h.server.requests[2]!.body;
    expect(last.tool_choice).toBe("none");
    expect(last.messages.at(-1).content).toMatch(/three tool calls were invalid/);
    expectEveryCallAnswered(last.messages);
  });

  it("[L3] a valid call resets the streak", async () => {
    h = await harness(
      [
        toolCallReply([
          { id: "c1", name: "echo", args: "{" },
          { id: "c2", name: "echo", args: "{" },
          { id: "c3", name: "echo", args: { text: "fine" } },
        ]),
        toolCallReply([{ id: "c4", name: "echo", args: "{" }]),
        textReply("done"),
      ],
      staticSession(),
      [echoTool],
    );
    await h.chat.send("x");
    h.server.assertDone();
    expect(h.server.requests[1]!.body.tool_choice).toBe("auto");
    expect(h.server.requests[2]!.body.tool_choice).toBe("auto");
  });
});
