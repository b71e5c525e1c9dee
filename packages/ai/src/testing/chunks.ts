/** Builders for scripted Chat Completions stream chunks. */
import type { ScriptStep } from "./scripted-server.ts";

let seq = 0;

function chunk(delta: Record<string, unknown>, finish: string | null = null): unknown {
  return {
    id: `chatcmpl-scripted-${++seq}`,
    object: "chat.completion.chunk",
    created: 1_700_000_000,
    model: "scripted",
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  };
}

/** A text answer streamed in word-sized pieces. */
export function textReply(text: string): ScriptStep {
  const words = text.match(/\S+\s*|\s+/g) ?? [""];
  const chunks = [chunk({ role: "assistant", content: "" })];
  for (const w of words) chunks.push(chunk({ content: w }));
  chunks.push(chunk({}, "stop"));
  return { kind: "sse", chunks };
}

export interface ScriptedCall {
  id: string;
  name: string;
  /** Sent as is when a string (to script malformed JSON), else JSON-encoded. */
  args: unknown;
}

/**
 * One response asking for `calls` (in parallel when several); each call's arguments are split
 * over two chunks, as real endpoints stream them. `text` goes before the calls.
 */
export function toolCallReply(calls: ScriptedCall[], text?: string): ScriptStep {
  const chunks = [chunk({ role: "assistant", content: text ?? null })];
  calls.forEach((c, index) => {
    const args = typeof c.args === "string" ? c.args : JSON.stringify(c.args);
    const cut = Math.floor(args.length / 2);
    chunks.push(
      chunk({
        tool_calls: [
          {
            index,
            id: c.id,
            type: "function",
            function: { name: c.name, arguments: args.slice(0, cut) },
          },
        ],
      }),
    );
    chunks.push(chunk({ tool_calls: [{ index, function: { arguments: args.slice(cut) } }] }));
  });
  chunks.push(chunk({}, "tool_calls"));
  return { kind: "sse", chunks };
}
