/**
 * The document being edited: its Y.Doc (persisted in y-indexeddb), undo manager, and the typed
 * snapshot the rest of the app reads, refreshed after every transaction.
 */
import {
  rawFromDoc,
  createUndoManager,
  toModelPartial,
  toText,
  type Model,
  type Problem,
  type ValidationReport,
} from "@kerf/document";
import type * as Y from "yjs";
import { openStoredDoc, type StoredDoc } from "../library/doc-store.ts";

/** One feature as stored, typed or not (the tree lists every feature, even invalid ones). */
export interface OutlineItem {
  id: string;
  type: string;
  name: string;
  suppressed: boolean;
}

const EMPTY_MODEL: Model = { version: 1, units: "mm", name: "", features: [] };

export class OpenDocument {
  /** Typed features that could be read (a feature with invalid values is left out). */
  model = $state.raw<Model>(EMPTY_MODEL);
  report = $state.raw<ValidationReport>({ valid: true, errors: [], warnings: [] });
  /** Feature ids present in the document but left out of `model` (invalid attribute values). */
  skipped = $state.raw<string[]>([]);
  /** Every feature element in document order. */
  outline = $state.raw<OutlineItem[]>([]);
  name = $state("");
  canUndo = $state(false);
  canRedo = $state(false);
  /** Bumped on every change (a cheap dependency for derived values). */
  version = $state(0);
  readonly undo: Y.UndoManager;
  readonly ydoc: Y.Doc;
  private listeners = new Set<(origin: unknown) => void>();

  private constructor(
    readonly id: string,
    private readonly stored: StoredDoc,
  ) {
    const ydoc = stored.ydoc;
    this.ydoc = ydoc;
    this.undo = createUndoManager(ydoc);
    const stacks = () => {
      this.canUndo = this.undo.undoStack.length > 0;
      this.canRedo = this.undo.redoStack.length > 0;
    };
    this.undo.on("stack-item-added", stacks);
    this.undo.on("stack-item-popped", stacks);
    this.undo.on("stack-cleared", stacks);
    ydoc.on("afterTransaction", (tr: { origin: unknown; changed: Map<unknown, unknown> }) => {
      if (tr.changed.size === 0) return;
      this.refresh();
      for (const l of this.listeners) l(tr.origin);
    });
    this.refresh();
  }

  static async open(id: string, clientId: number | undefined): Promise<OpenDocument> {
    return new OpenDocument(id, await openStoredDoc(id, clientId));
  }

  /** This tab is the document's only writer. */
  get exclusive(): boolean {
    return this.stored.exclusive;
  }

  private refresh(): void {
    const partial = toModelPartial(this.ydoc);
    const model = partial.model ?? EMPTY_MODEL;
    this.model = model;
    this.report = partial.report;
    const kept = new Set(model.features.map((f) => f.id as string));
    const skipped: string[] = [];
    for (const p of partial.report.errors) {
      if (p.featureId && !kept.has(p.featureId) && !skipped.includes(p.featureId)) {
        skipped.push(p.featureId);
      }
    }
    this.skipped = skipped;
    this.outline = rawFromDoc(this.ydoc).features.map((el, i) => ({
      id: el.attrs.get("id") ?? `#${i + 1}`,
      type: el.name,
      name: el.attrs.get("name") ?? "",
      suppressed: el.attrs.get("suppressed") === "true",
    }));
    const meta = this.ydoc.getMap("meta");
    const name = meta.get("name");
    this.name = typeof name === "string" ? name : "";
    this.version++;
  }

  /** Called after each change with the transaction's origin. */
  onChange(listener: (origin: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  problemsOf(featureId: string): Problem[] {
    return [...this.report.errors, ...this.report.warnings].filter(
      (p) => p.featureId === featureId,
    );
  }

  text(): string {
    return toText(this.ydoc);
  }

  /** Resolves when every change made so far is stored (IndexedDB). */
  flush(): Promise<void> {
    return this.stored.flush();
  }

  async close(): Promise<void> {
    this.listeners.clear();
    this.undo.destroy();
    await this.stored.close();
  }
}
