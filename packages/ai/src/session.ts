/**
 * What the tools see of the world, the same in the browser and in Node: the document (text form
 * and revision), a KernelClient, the live build, and the user's selection.
 */
import type { Model } from "@kerf/document";
import type { BuildResult, KernelClient } from "@kerf/kernel";
import type { PreviewStore } from "./preview/store.ts";

export interface DocumentState {
  /** The text form (document.md D1). */
  text: string;
  /** Hash of the text form (D7.2.1). */
  revision: string;
}

export interface SelectionState {
  /** Face refs, edge refs or feature ids, in the order the user picked them. */
  refs: readonly string[];
  /** Changes whenever the selection does (the L2 cache key of get_current_selection). */
  revision: number;
}

export interface Session {
  /**
   * Builds previews in a sandbox (preview_change). Its builds must never touch the live view:
   * in the app this is a client of its own, in Node the session serialises builds on it.
   */
  readonly kernel: KernelClient;
  /** The document as it is now. */
  document(): DocumentState;
  /** The live build of `document()` (in the app the viewer's; in Node built on demand). */
  currentBuild(): Promise<BuildResult>;
  selection(): SelectionState;
  /**
   * Write `model` into the live document as one transaction with origin "ai" (D7.1: one undo
   * step). Called only by `applyPreview`, i.e. only when the user applies.
   */
  commit(model: Model): void;
  /** Previews proposed in this session (L7). */
  readonly previews: PreviewStore;
  /** Whether preview builds should carry a mesh (the app draws previews; Node does not). */
  readonly previewMesh: boolean;
}
