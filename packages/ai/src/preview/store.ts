/**
 * Previews proposed in one session (L7). A preview is a whole proposed document, validated and
 * built in a sandbox; only the user applies or rejects it.
 */
import type { FeatureChange, Problem } from "@kerf/document";
import type { BodyProperties, BuildResult, FeatureError } from "@kerf/kernel";

/** What changed between two documents: feature ids, and modified features attribute by attribute. */
export interface FeatureDiff {
  added: string[];
  removed: string[];
  modified: FeatureChange[];
  moved: string[];
}

export type PreviewStatus = "awaiting_user" | "applied" | "rejected" | "superseded";

export interface Preview {
  changeId: string;
  /** One line for the user, written by the model. */
  summary: string;
  baseRevision: string;
  baseText: string;
  proposedText: string;
  proposedRevision: string;
  errors: Problem[];
  warnings: Problem[];
  diff: FeatureDiff;
  /** The sandbox build of the proposal (with a mesh when the session draws previews). */
  build: BuildResult;
  body: { before: BodyProperties | null; after: BodyProperties | null };
  status: PreviewStatus;
  /** Set when this preview is a rebase of an earlier one onto a changed document (L7). */
  rebasedFrom?: string;
}

/** preview_change's data (T1), what the model sees of a preview. */
export interface PreviewData {
  changeId: string;
  baseRevision: string;
  valid: boolean;
  errors: Problem[];
  diff: FeatureDiff;
  build: { features: { id: string; status: string; error?: FeatureError }[] };
  body: { before: BodyProperties | null; after: BodyProperties | null };
  status: PreviewStatus;
}

export function previewData(p: Preview): PreviewData {
  return {
    changeId: p.changeId,
    baseRevision: p.baseRevision,
    valid: p.errors.length === 0,
    errors: [...p.errors, ...p.warnings],
    diff: p.diff,
    build: {
      features: p.build.features.map((f) =>
        f.error ? { id: f.id, status: f.status, error: f.error } : { id: f.id, status: f.status },
      ),
    },
    body: p.body,
    status: p.status,
  };
}

/** A decision of the user the model has not been told yet (L7). */
export interface Decision {
  changeId: string;
  decision: "applied" | "rejected";
}

type Listener = (preview: Preview) => void;

export class PreviewStore {
  readonly #previews = new Map<string, Preview>();
  readonly #untold: Decision[] = [];
  readonly #listeners = new Set<Listener>();
  #next: number;

  /**
   * `firstNumber`: the number of the first changeId (`c<n>`). A conversation restored after a
   * reload starts after the ids it already mentions, so an old card is never confused with a
   * new preview.
   */
  constructor(options: { firstNumber?: number } = {}) {
    this.#next = Math.max(1, Math.trunc(options.firstNumber ?? 1));
  }

  add(preview: Omit<Preview, "changeId" | "status">): Preview {
    const stored: Preview = { ...preview, changeId: `c${this.#next++}`, status: "awaiting_user" };
    this.#previews.set(stored.changeId, stored);
    for (const l of this.#listeners) l(stored);
    return stored;
  }

  get(changeId: string): Preview | undefined {
    return this.#previews.get(changeId);
  }

  list(): Preview[] {
    return [...this.#previews.values()];
  }

  /** A rejected preview whose proposed document is exactly `revision`, if any. */
  rejectedWith(revision: string): Preview | undefined {
    return this.list().find((p) => p.status === "rejected" && p.proposedRevision === revision);
  }

  setStatus(changeId: string, status: PreviewStatus): void {
    const p = this.#previews.get(changeId);
    if (!p) return;
    p.status = status;
    if (status === "applied" || status === "rejected")
      this.#untold.push({ changeId, decision: status });
  }

  /** Decisions since the last call, for the next turn's message to the model. */
  takeDecisions(): Decision[] {
    return this.#untold.splice(0);
  }

  /** Called with every new preview (the app shows it); returns an unsubscribe function. */
  onPreview(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }
}
