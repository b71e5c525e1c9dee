import * as Y from "yjs";
import type { Origin } from "../types.ts";
import { featuresOf, metaOf } from "./shape.ts";

/** Origins the undo manager records (D7.1): the user's and the AI's edits, not loads or remote ones. */
export const UNDOABLE_ORIGINS: readonly Origin[] = ["user", "ai"];

/**
 * An undo manager over the features and meta. `captureTimeout: 0` keeps transactions apart, so
 * one command (or one AI apply) is exactly one undo step.
 */
export function createUndoManager(doc: Y.Doc): Y.UndoManager {
  return new Y.UndoManager([featuresOf(doc), metaOf(doc)], {
    trackedOrigins: new Set<unknown>(UNDOABLE_ORIGINS),
    captureTimeout: 0,
  });
}
