/**
 * Folds streamed Chat Completions chunks into one message. Tool calls arrive in pieces keyed by
 * `index`; some OpenAI-compatible servers send each call whole, reuse index 0 for every call, or
 * leave out the id, so a new id at a used index starts a new call and missing ids are made up.
 */
import type { Completion, ToolCallMessagePart } from "./messages.ts";

/** The parts of a ChatCompletionChunk this reads (openai's type is assignable to it). */
export interface ChunkLike {
  choices: {
    delta?: {
      content?: string | null;
      tool_calls?: {
        index?: number;
        id?: string;
        function?: { name?: string; arguments?: string };
      }[];
    };
    finish_reason?: string | null;
  }[];
}

export class CompletionAccumulator {
  #content = "";
  #finishReason: string | null = null;
  readonly #calls: ToolCallMessagePart[] = [];
  /** Chunk index → position in #calls. */
  readonly #slots = new Map<number, number>();

  constructor(private readonly onText: (delta: string) => void = () => {}) {}

  push(chunk: ChunkLike): void {
    const choice = chunk.choices[0];
    if (!choice) return;
    const text = choice.delta?.content;
    if (text) {
      this.#content += text;
      this.onText(text);
    }
    for (const part of choice.delta?.tool_calls ?? []) this.#pushCall(part);
    if (choice.finish_reason) this.#finishReason = choice.finish_reason;
  }

  #pushCall(
    part: NonNullable<NonNullable<ChunkLike["choices"][0]["delta"]>["tool_calls"]>[0],
  ): void {
    const index = part.index ?? this.#calls.length;
    let slot = this.#slots.get(index);
    const existing = slot === undefined ? undefined : this.#calls[slot];
    if (!existing || (part.id && existing.id && part.id !== existing.id)) {
      slot = this.#calls.length;
      this.#calls.push({
        id: part.id ?? "",
        type: "function",
        function: { name: "", arguments: "" },
      });
      this.#slots.set(index, slot);
    }
    const call = this.#calls[slot!]!;
    if (part.id && !call.id) call.id = part.id;
    if (part.function?.name) call.function.name += part.function.name;
    if (part.function?.arguments) call.function.arguments += part.function.arguments;
  }

  result(): Completion {
    const toolCalls = this.#calls.map((c, i) => (c.id ? c : { ...c, id: `call_${i + 1}` }));
    return { content: this.#content, toolCalls, finishReason: this.#finishReason };
  }
}
