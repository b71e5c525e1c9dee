import { describe, expect, it } from "vitest";
import { CompletionAccumulator } from "./stream.ts";

const delta = (d: object, finish: string | null = null) => ({
  choices: [{ delta: d, finish_reason: finish }],
});

describe("stream accumulator", () => {
  it("joins text and tool-call pieces by index", () => {
    const texts: string[] = [];
    const acc = new CompletionAccumulator((t) => texts.push(t));
    acc.push(delta({ content: "Hel" }));
    acc.push(delta({ content: "lo" }));
    acc.push(
      delta({
        tool_calls: [{ index: 0, id: "a", function: { name: "find_", arguments: '{"li' } }],
      }),
    );
    acc.push(
      delta({
        tool_calls: [{ index: 1, id: "b", function: { name: "get_geometry", arguments: "{}" } }],
      }),
    );
    acc.push(
      delta({ tool_calls: [{ index: 0, function: { name: "faces", arguments: 'mit":1}' } }] }),
    );
    acc.push(delta({}, "tool_calls"));
    expect(texts).toEqual(["Hel", "lo"]);
    expect(acc.result()).toEqual({
      content: "Hello",
      finishReason: "tool_calls",
      toolCalls: [
        { id: "a", type: "function", function: { name: "find_faces", arguments: '{"limit":1}' } },
        { id: "b", type: "function", function: { name: "get_geometry", arguments: "{}" } },
      ],
    });
  });

  it("separates whole calls that reuse index 0 and fills in missing ids", () => {
    const acc = new CompletionAccumulator();
    acc.push(
      delta({ tool_calls: [{ index: 0, id: "x", function: { name: "a", arguments: "{}" } }] }),
    );
    acc.push(
      delta({ tool_calls: [{ index: 0, id: "y", function: { name: "b", arguments: "{}" } }] }),
    );
    acc.push(delta({ tool_calls: [{ function: { name: "c", arguments: "{}" } }] }));
    const calls = acc.result().toolCalls;
    expect(calls.map((c) => [c.id, c.function.name])).toEqual([
      ["x", "a"],
      ["y", "b"],
      ["call_3", "c"],
    ]);
  });

  it("ignores chunks without choices (usage chunks)", () => {
    const acc = new CompletionAccumulator();
    acc.push({ choices: [] });
    expect(acc.result()).toEqual({ content: "", toolCalls: [], finishReason: null });
  });
});
