/**
 * L2: read-only results cached for a conversation under tool name + canonical JSON of the
 * arguments + document revision (+ selection revision for tools that read the selection).
 * Entries hold promises, so identical calls in flight at once share one execution.
 */
import type { ToolResult } from "../envelope.ts";

export class ResultCache {
  readonly #entries = new Map<string, Promise<ToolResult>>();

  static key(tool: string, canonicalArgs: string, revision: string, selection?: number): string {
    return [tool, canonicalArgs, revision, selection ?? ""].join("\u0000");
  }

  get(key: string): Promise<ToolResult> | undefined {
    return this.#entries.get(key);
  }

  /** Stores `pending`; drops it again if it settles as a failure (failures are not cached). */
  set(key: string, pending: Promise<ToolResult>): void {
    this.#entries.set(key, pending);
    void pending.then((r) => {
      if (!r.ok && this.#entries.get(key) === pending) this.#entries.delete(key);
    });
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
