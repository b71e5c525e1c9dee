/**
 * The app's state and the actions on it: the open document, builds, selection, the feature being
 * edited or created (a draft that is previewed live and committed as one undo step), sketch mode
 * and the rollback position (view state, D7.3).
 */
import {
  addEntity,
  addFeature,
  moveFeature,
  nextFeatureId,
  removeEntity,
  removeFeature,
  renameFeature,
  setMeta,
  setSuppressed,
  updateEntity,
  updateFeature,
  type AttrValue,
  type Feature,
  type FeatureId,
  type Model,
  type RefString,
  type SketchEntity,
  type SketchFeature,
} from "@kerf/document";
import type { BuildResult, EdgeInfo, FaceInfo, Frame } from "@kerf/kernel";
import { checkOrder, dependentsOf, moved } from "../features/deps.ts";
import { BASE_FRAMES, isBasePlane, offsetFrame } from "../sketch/geometry.ts";
import type { EntityDraft, ToolKind, ToolState } from "../sketch/tools.ts";
import type { KernelHost } from "../kernel/host.svelte.ts";
import { Library } from "../library/library.svelte.ts";
import { OpenDocument } from "./open-document.svelte.ts";

/** A feature change being previewed: not in the document until committed. */
export type Draft =
  | { kind: "edit"; featureId: string; patch: Record<string, unknown> }
  | { kind: "create"; feature: Feature; index: number };

export interface SketchSession {
  featureId: string;
  tool: ToolState;
  /** Selected entity ids. */
  selected: string[];
}

/** A parameter waiting for a pick in the viewport (re-pick a broken ref, add a ref). */
export interface PickTarget {
  featureId: string;
  key: string;
  /** Replace the ref at this position; null appends. */
  index: number | null;
  kind: "face" | "edge" | "edge-or-face";
}

export interface Notice {
  id: number;
  kind: "info" | "error" | "success";
  text: string;
}

type Topology = { faces: Map<string, FaceInfo>; edges: Map<string, EdgeInfo> };

const EMPTY_TOPOLOGY: Topology = { faces: new Map(), edges: new Map() };

export class Workbench {
  readonly library = new Library();
  doc = $state.raw<OpenDocument | null>(null);
  /** The newest build result (meshes are big: never proxied). */
  result = $state.raw<BuildResult | null>(null);
  /** The model that produced `result` (with drafts applied). */
  builtModel = $state.raw<Model | null>(null);
  /** Bumped each time a result should be framed (a document was opened). */
  frameRequest = $state(0);
  selection = $state<string[]>([]);
  hover = $state<string | null>(null);
  /** Feature under the pointer in the tree (its faces are tinted in the viewport). */
  hoverFeature = $state<string | null>(null);
  activeFeature = $state<string | null>(null);
  draft = $state.raw<Draft | null>(null);
  /** Features before this index are built; null: all (D7.3, not stored in the document). */
  rollback = $state<number | null>(null);
  sketch = $state<SketchSession | null>(null);
  pickTarget = $state<PickTarget | null>(null);
  notices = $state<Notice[]>([]);
  /** Delete confirmation being shown. */
  confirmDelete = $state<{ featureId: string; dependents: string[] } | null>(null);
  private buildQueued = false;
  private noticeSerial = 0;
  private unsubscribe: (() => void) | null = null;
  private frameNextResult = false;

  /** Display mesh tolerance in mm (null: the kernel's default); `?meshTolerance=` sets it. */
  meshTolerance: number | null = null;

  constructor(readonly kernel: KernelHost) {
    const t = Number(new URLSearchParams(globalThis.location?.search ?? "").get("meshTolerance"));
    if (Number.isFinite(t) && t > 0) this.meshTolerance = t;
  }

  // ---------------------------------------------------------------- derived lookups

  get model(): Model | null {
    return this.doc?.model ?? null;
  }

  topology = $derived.by((): Topology => {
    const t = this.result?.topology;
    if (!t) return EMPTY_TOPOLOGY;
    return {
      faces: new Map(t.faces.map((f) => [f.ref, f])),
      edges: new Map(t.edges.map((e) => [e.ref, e])),
    };
  });

  /** Canonical refs a stored ref stands for now (itself, or its alias targets). */
  resolveAlias(ref: string): string[] {
    if (this.topology.faces.has(ref) || this.topology.edges.has(ref)) return [ref];
    const prefix = ref.startsWith("face:") ? "face:" : ref.startsWith("edge:") ? "edge:" : "";
    const name = ref.slice(prefix.length);
    const targets = this.result?.topology.aliases[name];
    return targets ? targets.map((t) => (t.startsWith(prefix) ? t : prefix + t)) : [];
  }

  faceInfo(ref: string): FaceInfo | undefined {
    for (const r of this.resolveAlias(ref)) {
      const f = this.topology.faces.get(r);
      if (f) return f;
    }
    return undefined;
  }

  statusOf(id: string) {
    return this.result?.features.find((f) => f.id === id);
  }

  featureIndex(id: string): number {
    return this.model?.features.findIndex((f) => f.id === id) ?? -1;
  }

  feature(id: string | null): Feature | undefined {
    if (!id) return undefined;
    if (this.draft?.kind === "create" && this.draft.feature.id === id) return this.draft.feature;
    const f = this.model?.features.find((g) => g.id === id);
    if (f && this.draft?.kind === "edit" && this.draft.featureId === id) {
      return { ...f, ...this.draft.patch } as Feature;
    }
    return f;
  }

  /** The plane frame of a sketch (base planes, or its face's D4.1 frame), with its offset. */
  sketchFrame(s: SketchFeature): Frame | null {
    if (isBasePlane(s.plane)) return offsetFrame(BASE_FRAMES[s.plane], s.offset);
    const face = this.faceInfo(s.plane);
    return face?.sketchFrame ? offsetFrame(face.sketchFrame, s.offset) : null;
  }

  // ---------------------------------------------------------------- documents

  notify(kind: Notice["kind"], text: string, ms = 4500): void {
    const id = ++this.noticeSerial;
    this.notices = [...this.notices.slice(-3), { id, kind, text }];
    setTimeout(() => (this.notices = this.notices.filter((n) => n.id !== id)), ms);
  }

  async openDocument(id: string): Promise<boolean> {
    await this.closeDocument();
    const entry = (await this.library.exists(id)) ? this.library.get(id) : undefined;
    if (!entry && !(await this.library.exists(id))) return false;
    const doc = await OpenDocument.open(id, entry?.clientId);
    this.doc = doc;
    this.unsubscribe = doc.onChange((origin) => {
      this.afterDocumentChange(origin);
    });
    this.frameNextResult = true;
    this.scheduleBuild();
    return true;
  }

  async closeDocument(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    const doc = this.doc;
    this.doc = null;
    this.result = null;
    this.builtModel = null;
    this.selection = [];
    this.hover = null;
    this.activeFeature = null;
    this.draft = null;
    this.rollback = null;
    this.sketch = null;
    this.pickTarget = null;
    await doc?.close();
  }

  private afterDocumentChange(origin: unknown): void {
    const doc = this.doc;
    if (!doc) return;
    // Drop view state that no longer points at anything.
    const ids = new Set(doc.model.features.map((f) => f.id as string));
    for (const id of doc.skipped) ids.add(id);
    if (this.activeFeature && !ids.has(this.activeFeature) && this.draft?.kind !== "create") {
      this.activeFeature = null;
    }
    if (this.sketch && !ids.has(this.sketch.featureId)) this.sketch = null;
    if (this.draft?.kind === "edit" && !ids.has(this.draft.featureId)) this.draft = null;
    if (this.rollback !== null && this.rollback >= doc.outline.length) this.rollback = null;
    if (origin !== "load") void this.library.touch(doc.id, { name: doc.name });
    this.scheduleBuild();
  }

  renameDocument(name: string): void {
    const doc = this.doc;
    const n = name.trim();
    if (!doc || !n) return;
    setMeta(doc.ydoc, { name: n }, "user");
  }

  // ---------------------------------------------------------------- building

  /** The model to build: the document with the draft applied. */
  effectiveModel(): { model: Model; rollbackIndex: number | undefined } | null {
    const base = this.model;
    if (!base) return null;
    let features = base.features;
    const d = this.draft;
    if (d?.kind === "edit") {
      features = features.map((f) =>
        f.id === d.featureId ? ({ ...f, ...d.patch } as Feature) : f,
      );
    }
    const outline = this.doc?.outline ?? [];
    /** Typed features among the first `n` stored ones. */
    const typedBefore = (n: number) => {
      const ids = new Set(outline.slice(0, n).map((o) => o.id));
      return base.features.filter((f) => ids.has(f.id)).length;
    };
    let createdAt = -1;
    if (d?.kind === "create") {
      createdAt = typedBefore(d.index);
      features = [...features.slice(0, createdAt), d.feature, ...features.slice(createdAt)];
    }
    // The rollback bar counts every stored feature; the kernel counts typed ones.
    let rollbackIndex: number | undefined;
    if (this.rollback !== null) {
      rollbackIndex = typedBefore(this.rollback);
      if (createdAt >= 0 && createdAt <= rollbackIndex) rollbackIndex++;
    }
    if (this.sketch) {
      const i = features.findIndex((f) => f.id === this.sketch?.featureId);
      if (i >= 0) rollbackIndex = Math.min(rollbackIndex ?? Infinity, i + 1);
    }
    return { model: { ...base, features }, rollbackIndex };
  }

  scheduleBuild(): void {
    if (this.buildQueued) return;
    this.buildQueued = true;
    queueMicrotask(() => {
      this.buildQueued = false;
      void this.runBuild();
    });
  }

  private async runBuild(): Promise<void> {
    const doc = this.doc;
    const eff = this.effectiveModel();
    if (!doc || !eff) return;
    const options: { mesh: boolean; rollbackIndex?: number; tolerance?: number } = { mesh: true };
    if (this.meshTolerance !== null) options.tolerance = this.meshTolerance;
    if (eff.rollbackIndex !== undefined) options.rollbackIndex = eff.rollbackIndex;
    const outcome = await this.kernel.build(eff.model, options);
    if (this.doc !== doc) return;
    if (outcome.kind === "done") {
      this.result = outcome.result;
      this.builtModel = eff.model;
      if (this.frameNextResult) {
        this.frameNextResult = false;
        this.frameRequest++;
      }
      this.pruneSelection();
    } else if (outcome.kind === "failed") {
      // The last good geometry stays on screen; the failure is reported.
      this.notify("error", `The kernel could not build the model: ${outcome.message}`, 8000);
    }
  }

  private pruneSelection(): void {
    if (this.sketch) return;
    const t = this.topology;
    const kept = this.selection.filter((r) => t.faces.has(r) || t.edges.has(r));
    if (kept.length !== this.selection.length) this.selection = kept;
    if (this.hover && !t.faces.has(this.hover) && !t.edges.has(this.hover)) this.hover = null;
  }

  // ---------------------------------------------------------------- selection

  select(ref: string | null, add: boolean): void {
    if (this.pickTarget && ref) {
      this.applyPick(ref);
      return;
    }
    if (!ref) {
      if (!add) this.selection = [];
      return;
    }
    if (add) {
      this.selection = this.selection.includes(ref)
        ? this.selection.filter((r) => r !== ref)
        : [...this.selection, ref];
    } else {
      this.selection = [ref];
    }
  }

  clearSelection(): void {
    this.selection = [];
  }

  // ---------------------------------------------------------------- features

  selectFeature(id: string | null): void {
    if (this.draft && !(this.draft.kind === "edit" && this.draft.featureId === id)) {
      this.draft = null;
      this.scheduleBuild();
    }
    this.pickTarget = null;
    this.activeFeature = id;
  }

  rename(id: string, name: string): void {
    if (!this.doc) return;
    const r = renameFeature(this.doc.ydoc, id, name.trim() === "" ? null : name.trim());
    if (!r.ok) this.notify("error", r.message);
  }

  toggleSuppressed(id: string): void {
    const f = this.model?.features.find((g) => g.id === id);
    if (!this.doc || !f) return;
    setSuppressed(this.doc.ydoc, id, !f.suppressed);
  }

  /** Ask before deleting when other features use this one. */
  requestDelete(id: string): void {
    const model = this.model;
    if (!model) return;
    const dependents = dependentsOf(model, id);
    if (dependents.length > 0) this.confirmDelete = { featureId: id, dependents };
    else this.deleteFeature(id);
  }

  deleteFeature(id: string): void {
    this.confirmDelete = null;
    if (!this.doc) return;
    if (this.sketch?.featureId === id) this.sketch = null;
    const r = removeFeature(this.doc.ydoc, id);
    if (!r.ok) this.notify("error", r.message);
    else if (this.activeFeature === id) this.activeFeature = null;
  }

  /** Move a feature to position `to` of the feature list (its index after the move). */
  move(id: string, to: number): boolean {
    const doc = this.doc;
    const model = this.model;
    if (!model || !doc) return false;
    const ids = doc.outline.map((f) => f.id);
    const from = ids.indexOf(id);
    if (from < 0 || from === to) return false;
    const check = checkOrder(model, moved(ids, from, to), id);
    if (!check.ok) {
      this.notify("error", `Cannot move ${id}: ${check.reason}.`);
      return false;
    }
    const r = moveFeature(doc.ydoc, id, to);
    if (!r.ok) this.notify("error", r.message);
    return r.ok;
  }

  setRollback(index: number | null): void {
    const n = this.doc?.outline.length ?? 0;
    this.rollback = index === null || index >= n ? null : Math.max(0, index);
    this.scheduleBuild();
  }

  // ---------------------------------------------------------------- drafts

  /** Preview a parameter value (valid values only). */
  previewParam(featureId: string, key: string, value: unknown): void {
    const d = this.draft;
    if (d?.kind === "create" && d.feature.id === featureId) {
      this.draft = { ...d, feature: { ...d.feature, [key]: value } as Feature };
    } else {
      const patch = d?.kind === "edit" && d.featureId === featureId ? d.patch : {};
      this.draft = { kind: "edit", featureId, patch: { ...patch, [key]: value } };
    }
    this.scheduleBuild();
  }

  /** Forget a previewed value (the field went invalid). */
  discardParam(featureId: string, key: string): void {
    const d = this.draft;
    if (d?.kind !== "edit" || d.featureId !== featureId || !(key in d.patch)) return;
    const patch = { ...d.patch };
    delete patch[key];
    this.draft = Object.keys(patch).length ? { ...d, patch } : null;
    this.scheduleBuild();
  }

  /** Write one parameter to the document: one undo step. Drafts of new features just update. */
  commitParam(featureId: string, key: string, value: unknown): void {
    const d = this.draft;
    if (d?.kind === "create" && d.feature.id === featureId) {
      this.previewParam(featureId, key, value);
      return;
    }
    if (!this.doc) return;
    const patch: Record<string, AttrValue> = { [key]: toAttr(value) };
    // Removing the distance of a non-blind extent keeps the document free of ignored attributes.
    const f = this.model?.features.find((g) => g.id === featureId);
    if (f?.type === "extrude" && key === "extent") {
      if (value === "blind" && f.distance === undefined) patch.distance = 10;
      if (value !== "blind") patch.distance = null;
      if (value !== "toFace") patch.to = null;
    }
    const r = updateFeature(this.doc.ydoc, featureId, patch);
    if (d?.kind === "edit" && d.featureId === featureId) {
      const rest = { ...d.patch };
      delete rest[key];
      this.draft = Object.keys(rest).length ? { ...d, patch: rest } : null;
    }
    if (!r.ok) this.notify("error", r.message);
    this.scheduleBuild();
  }

  private startCreate(feature: Feature): void {
    const n = this.doc?.outline.length ?? 0;
    const index = this.rollback ?? n;
    this.sketch = null;
    this.pickTarget = null;
    this.draft = { kind: "create", feature, index };
    this.activeFeature = feature.id;
    this.scheduleBuild();
  }

  /** Add the feature being created to the document (one undo step). */
  commitCreate(): void {
    const d = this.draft;
    if (d?.kind !== "create" || !this.doc) return;
    const r = addFeature(this.doc.ydoc, d.feature, { at: d.index });
    if (!r.ok) {
      this.notify("error", r.message);
      return;
    }
    this.draft = null;
    this.pickTarget = null;
    this.activeFeature = r.value;
    this.selection = [];
    if (this.rollback !== null) this.rollback = d.index + 1;
    this.scheduleBuild();
  }

  cancelDraft(): void {
    const d = this.draft;
    this.draft = null;
    this.pickTarget = null;
    if (d?.kind === "create") this.activeFeature = null;
    this.scheduleBuild();
  }

  private newId(type: Feature["type"]): FeatureId {
    if (!this.doc) throw new Error("no document");
    return nextFeatureId(this.doc.ydoc, type);
  }

  /** Sketches not yet used by a solid feature, last first. */
  unusedSketches(): SketchFeature[] {
    const m = this.model;
    if (!m) return [];
    const used = new Set(
      m.features.flatMap((f) =>
        (f.type === "extrude" || f.type === "revolve") && f.sketch ? [f.sketch as string] : [],
      ),
    );
    return m.features
      .filter((f): f is SketchFeature => f.type === "sketch" && !used.has(f.id))
      .reverse();
  }

  private chosenSketch(): SketchFeature | undefined {
    const m = this.model;
    const active = this.feature(this.activeFeature);
    if (active?.type === "sketch") return active;
    if (this.sketch) {
      const s = m?.features.find((f) => f.id === this.sketch?.featureId);
      if (s?.type === "sketch") return s;
    }
    return (
      this.unusedSketches()[0] ??
      m?.features.filter((f): f is SketchFeature => f.type === "sketch").at(-1)
    );
  }

  private selectedPlanarFaces(): string[] {
    return this.selection.filter(
      (r) => r.startsWith("face:") && this.faceInfo(r)?.surfaceType === "plane",
    );
  }

  startExtrude(): void {
    if (!this.doc) return;
    const faces = this.selectedPlanarFaces();
    const sketch = this.chosenSketch();
    const base = {
      id: this.newId("extrude"),
      suppressed: false,
      distance: 10,
      direction: "normal",
      op: "add",
      extent: "blind",
    } as const;
    if (
      faces.length &&
      !(this.activeFeature && this.feature(this.activeFeature)?.type === "sketch")
    ) {
      this.startCreate({ ...base, type: "extrude", faces: faces as RefString[] });
    } else if (sketch) {
      this.finishSketch();
      this.startCreate({ ...base, type: "extrude", sketch: sketch.id });
    } else {
      this.notify("info", "Draw a sketch first (or select a planar face to extrude it).");
    }
  }

  startRevolve(): void {
    if (!this.doc) return;
    const sketch = this.chosenSketch();
    if (!sketch) {
      this.notify("info", "Draw a sketch with a profile and an axis line first.");
      return;
    }
    this.finishSketch();
    const line =
      sketch.entities.find((e) => e.type === "line" && e.construction) ??
      sketch.entities.find((e) => e.type === "line");
    this.startCreate({
      type: "revolve",
      id: this.newId("revolve"),
      suppressed: false,
      sketch: sketch.id,
      axis: line ? line.id : "y",
      angle: 360,
      op: "add",
    });
  }

  startEdgeFeature(type: "fillet" | "chamfer"): void {
    if (!this.doc) return;
    const refs = this.selection.filter((r) => r.startsWith("edge:") || r.startsWith("face:"));
    if (!refs.length) {
      this.notify(
        "info",
        `Select the edges (or faces) to ${type === "fillet" ? "round" : "bevel"} first.`,
      );
      return;
    }
    const id = this.newId(type);
    const common = { id, suppressed: false, edges: refs as RefString[] };
    this.startCreate(
      type === "fillet" ? { ...common, type, radius: 1 } : { ...common, type, distance: 1 },
    );
  }

  startShell(): void {
    if (!this.doc) return;
    const faces = this.selection.filter((r) => r.startsWith("face:"));
    if (!faces.length) {
      this.notify("info", "Select the faces to remove (open) first.");
      return;
    }
    this.startCreate({
      type: "shell",
      id: this.newId("shell"),
      suppressed: false,
      faces: faces as RefString[],
      thickness: 1,
    });
  }

  // ---------------------------------------------------------------- picking refs for a parameter

  startPick(target: PickTarget): void {
    this.pickTarget = target;
    this.notify(
      "info",
      `Pick a ${target.kind === "edge-or-face" ? "edge or face" : target.kind} in the viewport (Esc cancels).`,
    );
  }

  private applyPick(ref: string): void {
    const t = this.pickTarget;
    if (!t) return;
    const kindOk = t.kind === "edge-or-face" || ref.startsWith(t.kind + ":");
    if (!kindOk) {
      this.notify("error", `That is not a ${t.kind}.`);
      return;
    }
    const f = this.feature(t.featureId);
    if (!f) return;
    const current = (f as unknown as Record<string, unknown>)[t.key];
    let value: unknown = ref;
    if (Array.isArray(current)) {
      const list = [...(current as string[])];
      if (t.index === null) {
        if (!list.includes(ref)) list.push(ref);
      } else list[t.index] = ref;
      value = list;
    }
    this.pickTarget = null;
    this.commitParam(t.featureId, t.key, value);
  }

  // ---------------------------------------------------------------- sketches

  /** Add a sketch on a base plane or a planar face and edit it (one undo step). */
  newSketch(plane: "XY" | "XZ" | "YZ" | null): void {
    if (!this.doc) return;
    const face = plane ? undefined : this.selectedPlanarFaces()[0];
    if (!plane && !face) {
      this.notify("info", "Select a planar face, or choose XY, XZ or YZ.");
      return;
    }
    this.draft = null;
    const index = this.rollback ?? this.doc?.outline.length ?? 0;
    const r = addFeature(
      this.doc.ydoc,
      { type: "sketch", attrs: { plane: plane ?? face ?? "XY" } },
      { at: index },
    );
    if (!r.ok) {
      this.notify("error", r.message);
      return;
    }
    if (this.rollback !== null) this.rollback = index + 1;
    this.selection = [];
    this.editSketch(r.value);
  }

  editSketch(id: string): void {
    this.draft = null;
    this.pickTarget = null;
    this.activeFeature = id;
    this.sketch = { featureId: id, tool: { kind: "rect", points: [] }, selected: [] };
    this.scheduleBuild();
  }

  finishSketch(): void {
    if (!this.sketch) return;
    this.sketch = null;
    this.scheduleBuild();
  }

  setTool(kind: ToolKind): void {
    if (this.sketch) this.sketch.tool = { kind, points: [] };
  }

  sketchFeature(): SketchFeature | undefined {
    const f = this.model?.features.find((g) => g.id === this.sketch?.featureId);
    return f?.type === "sketch" ? f : undefined;
  }

  addSketchEntity(draft: EntityDraft): string | null {
    const s = this.sketch;
    if (!s || !this.doc) return null;
    const { type, ...fields } = draft;
    const attrs: Record<string, AttrValue> = {};
    for (const [k, v] of Object.entries(fields)) {
      if (k === "construction" && !v) continue;
      attrs[k] = v as AttrValue;
    }
    const r = addEntity(this.doc.ydoc, s.featureId, { type, attrs });
    if (!r.ok) {
      this.notify("error", r.message);
      return null;
    }
    return r.value;
  }

  updateSketchEntity(entityId: string, key: string, value: unknown): void {
    const s = this.sketch;
    if (!s || !this.doc) return;
    const r = updateEntity(this.doc.ydoc, s.featureId, entityId, { [key]: toAttr(value) });
    if (!r.ok) this.notify("error", r.message);
  }

  deleteSketchEntities(ids: readonly string[]): void {
    const s = this.sketch;
    if (!s || !this.doc || !ids.length) return;
    // One undo step for the lot.
    this.doc.ydoc.transact(() => {
      for (const id of ids) removeEntity(this.doc!.ydoc, s.featureId, id);
    }, "user");
    s.selected = s.selected.filter((id) => !ids.includes(id));
  }

  // ---------------------------------------------------------------- history

  undo(): void {
    if (!this.doc) return;
    this.draft = null;
    this.doc.undo.undo();
  }

  redo(): void {
    if (!this.doc) return;
    this.draft = null;
    this.doc.undo.redo();
  }

  /** Esc: cancel the innermost thing going on. */
  escape(): void {
    if (this.confirmDelete) this.confirmDelete = null;
    else if (this.pickTarget) this.pickTarget = null;
    else if (this.sketch && this.sketch.tool.points.length)
      this.sketch.tool = { ...this.sketch.tool, points: [] };
    else if (this.sketch && this.sketch.selected.length) this.sketch.selected = [];
    else if (this.selection.length) this.selection = [];
    else if (this.draft?.kind === "create") this.cancelDraft();
    else if (this.sketch) this.finishSketch();
  }

  /** Delete key: sketch entities in sketch mode, else the active feature. */
  deleteKey(): void {
    if (this.sketch) {
      this.deleteSketchEntities(this.sketch.selected);
      return;
    }
    if (this.activeFeature && this.draft?.kind !== "create") this.requestDelete(this.activeFeature);
  }

  entitiesOf(id: string): SketchEntity[] {
    const f = this.model?.features.find((g) => g.id === id);
    return f?.type === "sketch" ? f.entities : [];
  }
}

/** A typed parameter value as a command attribute value. */
function toAttr(value: unknown): AttrValue {
  if (value === undefined || value === null) return null;
  if (typeof value === "number" || typeof value === "string" || typeof value === "boolean")
    return value;
  if (Array.isArray(value)) return value as readonly string[];
  return String(value);
}
