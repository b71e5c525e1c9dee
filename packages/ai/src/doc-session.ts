/**
 * A Session over a live Y.Doc: the one implementation both the app and Node use. The app passes
 * its own live build and selection; Node builds on demand and keeps the selection itself.
 */
import type * as Y from "yjs";
import { toText, type Model } from "@kerf/document";
import type { BuildResult, KernelClient } from "@kerf/kernel";
import { applyModel, buildableModel, revisionOf } from "./doc.ts";
import { queuedBuild } from "./kernel-queue.ts";
import { PreviewStore } from "./preview/store.ts";
import type { DocumentState, SelectionState, Session } from "./session.ts";

export interface DocSessionOptions {
  doc: Y.Doc;
  /** Builds previews (sandbox); give the app's session a client of its own. */
  kernel: KernelClient;
  /** The live build of the current document; default: built with `kernel`, once per revision. */
  currentBuild?: () => Promise<BuildResult>;
  selection: () => SelectionState;
  previewMesh?: boolean;
  /** Number of the first changeId (default 1); see PreviewStore. */
  firstChangeNumber?: number;
}

export function createDocSession(options: DocSessionOptions): Session {
  const { doc, kernel } = options;
  let state: DocumentState | undefined;
  // The text form is recomputed only after the document changed.
  doc.on("update", () => (state = undefined));
  const document = (): DocumentState => {
    if (!state) {
      const text = toText(doc);
      state = { text, revision: revisionOf(text) };
    }
    return state;
  };

  let built: { revision: string; result: Promise<BuildResult> } | undefined;
  const onDemand = (): Promise<BuildResult> => {
    const { text, revision } = document();
    if (built?.revision !== revision) {
      const result = Promise.resolve().then(() => {
        const model = buildableModel(text);
        if (!model) throw new Error("the document has no usable structure (see validate_xml)");
        return queuedBuild(kernel, model);
      });
      built = { revision, result };
    }
    return built.result;
  };

  return {
    kernel,
    previews: new PreviewStore({ firstNumber: options.firstChangeNumber }),
    previewMesh: options.previewMesh ?? false,
    document,
    currentBuild: options.currentBuild ?? onDemand,
    selection: options.selection,
    commit: (model: Model) => applyModel(doc, model),
  };
}
