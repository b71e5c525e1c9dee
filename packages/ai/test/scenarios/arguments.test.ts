import { describe, expect, it } from "vitest";
import { defaultTools, findFacesTool, withSettings } from "../../src/index.ts";
import { textReply, toolCallReply } from "../../src/testing/index.ts";
import { useKernel } from "../kernel.ts";
import { expectEveryCallAnswered, messagesOf, toolResults, useHarness } from "../support.ts";

const k = useKernel();
const start = useHarness();
const TOOL_NAMES = defaultTools.map((t) => t.name);

describe("L3 argument checks (real tools, bracket)", () => {
  it("[L3] malformed JSON is INVALID_ARGUMENTS with the issue, never coerced to {}", async () => {
    const h = await start(
      [
        toolCallReply([{ id: "c1", name: "find_faces", args: '{"orientation": "top"' }]),
        textReply("sorry"),
      ],
      k.session("bracket"),
    );
    await h.chat.send("x");
    const [r] = toolResults(h.server.requests[1]!);
    expect(r!.result.ok).toBe(false);
    expect(r!.result.error.code).toBe("INVALID_ARGUMENTS");
    expect(r!.result.error.issues[0].message).toMatch(/not valid JSON/);
    // Not run as {} (which would list every face).
    expect(r!.result.data).toBeUndefined();
    expect(h.traces[0]).toMatchObject({
      tool: "find_faces",
      args: '{"orientation": "top"',
      ok: false,
    });
  });

  it("[L3][T0] a schema mismatch lists the issues by path", async () => {
    const h = await start(
      [
        toolCallReply([
          { id: "c1", name: "find_faces", args: { orientation: "upwards", limit: "5", extra: 1 } },
        ]),
        textReply("sorry"),
      ],
      k.session("bracket"),
    );
    await h.chat.send("x");
    const [r] = toolResults(h.server.requests[1]!);
    expect(r!.result.error.code).toBe("INVALID_ARGUMENTS");
    const paths = r!.result.error.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["orientation", "limit"]));
    expect(r!.result.error.message).toMatch(/extra/);
  });

  it("[L3][T0] an empty argument string and nulls mean {}; a required argument missing is a mismatch", async () => {
    const h = await start(
      [
        toolCallReply([
          { id: "c1", name: "find_faces", args: "" },
          {
            id: "c2",
            name: "find_faces",
            args: {
              surfaceType: null,
              orientation: null,
              featureId: null,
              minArea: null,
              maxArea: null,
              limit: null,
            },
          },
          { id: "c3", name: "get_geometry", args: "" },
        ]),
        textReply("ok"),
      ],
      k.session("bracket"),
    );
    await h.chat.send("x");
    const [empty, nulls, missing] = toolResults(h.server.requests[1]!);
    expect(empty!.result.ok).toBe(true);
    expect(empty!.result.data.faces.length).toBeGreaterThan(5);
    // Same canonical arguments ({}), same revision: the second is the cached first (L2).
    expect(nulls!.result.data).toEqual(empty!.result.data);
    expect(nulls!.result.meta).toEqual({ cached: true });
    expect(missing!.result.error.code).toBe("INVALID_ARGUMENTS");
    expect(missing!.result.error.issues[0].path).toBe("ref");
  });

  it("[L3] an unknown tool is UNKNOWN_TOOL listing the valid names", async () => {
    const h = await start(
      [toolCallReply([{ id: "c1", name: "delete_everything", args: {} }]), textReply("ok")],
      k.session("bracket"),
    );
    await h.chat.send("x");
    const [r] = toolResults(h.server.requests[1]!);
    expect(r!.result.error.code).toBe("UNKNOWN_TOOL");
    expect(r!.result.error.validTools).toEqual(TOOL_NAMES);
    expect(r!.result.error.message).toContain("find_faces");
  });

  it("[L3][T0] a disabled tool is not offered and answers TOOL_DISABLED", async () => {
    const tools = defaultTools.map((t) =>
      t === findFacesTool ? withSettings(t, { enabled: false }) : t,
    );
    const h = await start(
      [toolCallReply([{ id: "c1", name: "find_faces", args: {} }]), textReply("ok")],
      k.session("bracket"),
      tools,
    );
    await h.chat.send("x");
    const offered = h.server.requests[0]!.body.tools.map(
      (t: { function: { name: string } }) => t.function.name,
    );
    expect(offered).toEqual(TOOL_NAMES.filter((n) => n !== "find_faces"));
    expect(toolResults(h.server.requests[1]!)[0]!.result.error.code).toBe("TOOL_DISABLED");
  });

  it("[L3] three invalid calls in a row end tool use for the message", async () => {
    const h = await start(
      [
        toolCallReply([{ id: "c1", name: "find_faces", args: "{" }]),
        toolCallReply([
          { id: "c2", name: "nope", args: {} },
          { id: "c3", name: "find_edges", args: { convexity: "pointy" } },
        ]),
        textReply("I could not call the tools correctly."),
      ],
      k.session("bracket"),
    );
    const r = await h.chat.send("x");
    expect(r.answer).toBe("I could not call the tools correctly.");
    const last = h.server.requests[2]!.body;
    expect(last.tool_choice).toBe("none");
    expect(last.messages.at(-1)).toMatchObject({ role: "system" });
    expect(last.messages.at(-1).content).toMatch(/three tool calls were invalid/);
    expectEveryCallAnswered(last.messages);
  });

  it("[L3] a valid call resets the streak", async () => {
    const h = await start(
      [
        toolCallReply([
          { id: "c1", name: "find_faces", args: "{" },
          { id: "c2", name: "find_faces", args: "{" },
          { id: "c3", name: "get_geometry", args: { ref: "body" } },
        ]),
        toolCallReply([{ id: "c4", name: "find_faces", args: "{" }]),
        textReply("done"),
      ],
      k.session("bracket"),
    );
    await h.chat.send("x");
    expect(h.server.requests[1]!.body.tool_choice).toBe("auto");
    expect(h.server.requests[2]!.body.tool_choice).toBe("auto");
    expectEveryCallAnswered(messagesOf(h.server.requests[2]!));
  });
});
