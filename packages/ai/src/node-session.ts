/**
 * A Session for Node (CLI, tests): a Y.Doc loaded from text, the live build made on demand with
 * the given KernelClient (once per revision), and a selection set by the caller.
 */
import * as Y from "yjs";
import { loadText } from "@kerf/document";
import type { KernelClient } from "@kerf/kernel";
import { createDocSession } from "./doc-session.ts";
import type { SelectionState, Session } from "./session.ts";

export interface NodeSession extends Session {
  /** The live document; AI applies land here with origin "ai". */
  readonly doc: Y.Doc;
  setSelection(refs: readonly string[]): void;
}

/**
 * Throws when `text` has no usable structure (not XML, no <model>/<features>, wrong version);
 * a document with other errors loads, and its features report them when built.
 */
export function createNodeSession(
  text: string,
  kernel: KernelClient,
  selection: readonly string[] = [],
): NodeSession {
  const doc = new Y.Doc();
  const loaded = loadText(doc, text, "load");
  if (!loaded.ok) {
    const why = loaded.report.errors.map((e) => `${e.code}: ${e.message}`).join("; ");
    throw new Error(`cannot load the document: ${why}`);
  }
  let sel: SelectionState = { refs: [...selection], revision: 0 };
  const session = createDocSession({ doc, kernel, selection: () => sel });
  return {
    ...session,
    doc,
    setSelection(refs) {
      sel = { refs: [...refs], revision: sel.revision + 1 };
    },
  };
}
