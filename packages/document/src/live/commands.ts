/**
 * The edit commands of the app and the AI. Each is one `doc.transact(fn, origin)` (D7.1), so each
 * is one undo step; a command that would change nothing makes no transaction. Expected failures
 * (no such feature, an id already in use) are returned, not thrown.
 */
import type * as Y from "yjs";
import { encodeEntity, encodeFeature } from "../codec.ts";
import type { RawElement } from "../raw.ts";
import { ENTITY_PREFIX } from "../schema.ts";
import {
  entityId,
  featureId,
  type EntityId,
  type EntityType,
  type Feature,
  type FeatureId,
  type FeatureType,
  type Origin,
  type SketchEntity,
} from "../types.ts";
import { formatNumber, formatPoints, parseBoolean, parsePoints } from "../values.ts";
import {
  elementFromRaw,
  featureElements,
  featuresOf,
  findChildById,
  findFeature,
  metaOf,
} from "./shape.ts";
import { nextEntityId, nextFeatureId } from "./ids.ts";
import { renumberRefs, segmentMap } from "./polyline-map.ts";

export type CommandResult<T = undefined> = { ok: true; value: T } | { ok: false; message: string };

/** An attribute value for a command: strings are stored as given; null removes the attribute. */
export type AttrValue =
  string | number | boolean | readonly string[] | readonly (readonly [number, number])[] | null;
export type AttrPatch = Readonly<Record<string, AttrValue | undefined>>;

/** A feature described by attributes (the id is allocated when absent). */
export interface NewFeature {
  type: FeatureType;
  id?: string;
  attrs?: AttrPatch;
  entities?: readonly NewEntity[];
}
export interface NewEntity {
  type: EntityType;
  id?: string;
  attrs?: AttrPatch;
}

const ok = <T>(value: T): CommandResult<T> => ({ ok: true, value });
type Failure = Extract<CommandResult, { ok: false }>;
const fail = (message: string): Failure => ({ ok: false, message });
const done: CommandResult = { ok: true, value: undefined };

/** The stored string of a command value (numbers in their shortest D2 form). */
export function attrString(v: Exclude<AttrValue, null>): string {
  if (typeof v === "string") return v;
  if (typeof v === "number") return formatNumber(v);
  if (typeof v === "boolean") return v ? "true" : "false";
  if (v.length > 0 && typeof v[0] !== "string")
    return formatPoints(v as readonly [number, number][]);
  return (v as readonly string[]).join(" ");
}

/** Typed features carry `suppressed`, typed entities `construction`; New* inputs carry `attrs`. */
function isTyped(x: object): boolean {
  return !("attrs" in x) && ("suppressed" in x || "construction" in x);
}

function rawOfNew(type: string, id: string, patch: AttrPatch = {}): RawElement {
  const attrs = new Map<string, string>([["id", id]]);
  for (const [k, v] of Object.entries(patch)) {
    if (k !== "id" && v !== undefined && v !== null) attrs.set(k, attrString(v));
  }
  return { name: type, attrs, children: [] };
}

function rawOfNewFeature(f: NewFeature, id: string): RawElement {
  const el = rawOfNew(f.type, id, f.attrs);
  const entities = f.entities ?? [];
  const used = new Set(entities.flatMap((e) => (e.id === undefined ? [] : [e.id])));
  const counters = new Map<string, number>();
  el.children = entities.map((e) => {
    let eid = e.id;
    const prefix = ENTITY_PREFIX[e.type];
    while (eid === undefined || (used.has(eid) && eid !== e.id)) {
      const n = (counters.get(prefix) ?? 0) + 1;
      counters.set(prefix, n);
      eid = `${prefix}${n}`;
    }
    used.add(eid);
    return rawOfNew(e.type, eid, e.attrs);
  });
  return el;
}

/** Fragment index of the feature at `index` in the feature list (end when past it). */
function fragmentIndex(doc: Y.Doc, index: number): number {
  const fragment = featuresOf(doc);
  const elements = featureElements(doc);
  if (index >= elements.length) return fragment.length;
  const target = elements[Math.max(0, index)]!;
  return fragment.toArray().indexOf(target);
}

/** Add a feature at `at` (feature-list position; default the end). Returns its id. */
export function addFeature(
  doc: Y.Doc,
  feature: Feature | NewFeature,
  options: { at?: number; origin?: Origin } = {},
): CommandResult<FeatureId> {
  const typed = isTyped(feature);
  const id = (feature as { id?: string }).id ?? nextFeatureId(doc, feature.type);
  if (findFeature(doc, id))
    return fail(`A feature with id "${id}" already exists; choose another id.`);
  const raw = typed
    ? encodeFeature(feature as Feature)
    : rawOfNewFeature(feature as NewFeature, id);
  raw.attrs.set("id", id);
  const at = options.at ?? Infinity;
  doc.transact(() => {
    featuresOf(doc).insert(fragmentIndex(doc, at), [elementFromRaw(raw)]);
  }, options.origin ?? "user");
  return ok(featureId(id));
}

function patchElement(el: Y.XmlElement, patch: AttrPatch): [string, string | null][] {
  const changes: [string, string | null][] = [];
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const next = v === null ? null : attrString(v);
    const current = el.getAttribute(k);
    if (next === null ? current !== undefined : current !== next) changes.push([k, next]);
  }
  return changes;
}

function applyChanges(el: Y.XmlElement, changes: readonly [string, string | null][]): void {
  for (const [k, v] of changes) {
    if (v === null) el.removeAttribute(k);
    else el.setAttribute(k, v);
  }
}

/** Change attributes of a feature (null removes one); only attributes whose value changes are touched. */
export function updateFeature(
  doc: Y.Doc,
  id: string,
  patch: AttrPatch,
  origin: Origin = "user",
): CommandResult {
  if ("id" in patch) return fail("A feature's id cannot be changed: references use it.");
  const found = findFeature(doc, id);
  if (!found) return fail(`There is no feature "${id}".`);
  const changes = patchElement(found.el, patch);
  if (changes.length > 0) doc.transact(() => applyChanges(found.el, changes), origin);
  return done;
}

export function removeFeature(doc: Y.Doc, id: string, origin: Origin = "user"): CommandResult {
  const found = findFeature(doc, id);
  if (!found) return fail(`There is no feature "${id}".`);
  doc.transact(() => featuresOf(doc).delete(found.index, 1), origin);
  return done;
}

/**
 * Move a feature to position `toIndex` of the feature list (clamped). Yjs has no move: the
 * element is copied to its new place and the old one deleted, in one transaction. A concurrent
 * edit of the same feature on another replica is lost, and two concurrent moves leave two
 * copies until `repairDuplicateIds` runs (repair.ts).
 */
export function moveFeature(
  doc: Y.Doc,
  id: string,
  toIndex: number,
  origin: Origin = "user",
): CommandResult {
  const found = findFeature(doc, id);
  if (!found) return fail(`There is no feature "${id}".`);
  const elements = featureElements(doc);
  const from = elements.indexOf(found.el);
  const to = Math.max(0, Math.min(elements.length - 1, Math.trunc(toIndex)));
  if (from === to) return done;
  doc.transact(() => {
    const copy = found.el.clone();
    featuresOf(doc).delete(found.index, 1);
    featuresOf(doc).insert(fragmentIndex(doc, to), [copy]);
  }, origin);
  return done;
}

/** Suppress (D5.3) or unsuppress a feature; unsuppressing removes the attribute (default false). */
export function setSuppressed(
  doc: Y.Doc,
  id: string,
  suppressed: boolean,
  origin: Origin = "user",
): CommandResult {
  return updateFeature(doc, id, { suppressed: suppressed ? "true" : null }, origin);
}

/** Set (or, with null or "", remove) a feature's display name. */
export function renameFeature(
  doc: Y.Doc,
  id: string,
  name: string | null,
  origin: Origin = "user",
): CommandResult {
  return updateFeature(doc, id, { name: name === "" ? null : name }, origin);
}

function findSketch(doc: Y.Doc, sketchId: string): Y.XmlElement | undefined {
  const found = findFeature(doc, sketchId);
  return found && found.el.nodeName === "sketch" ? found.el : undefined;
}

/** The entity `id` of sketch `sketchId`, or the failure to report when either is missing. */
function findSketchEntity(
  doc: Y.Doc,
  sketchId: string,
  id: string,
): { ok: true; sketch: Y.XmlElement; el: Y.XmlElement; index: number } | Failure {
  const sketch = findSketch(doc, sketchId);
  if (!sketch) return fail(`There is no sketch "${sketchId}".`);
  const found = findChildById(sketch, id);
  if (!found) return fail(`Sketch "${sketchId}" has no entity "${id}".`);
  return { ok: true, sketch, ...found };
}

/** Add an entity to a sketch (at `at` among its children; default the end). Returns its id. */
export function addEntity(
  doc: Y.Doc,
  sketchId: string,
  entity: SketchEntity | NewEntity,
  options: { at?: number; origin?: Origin } = {},
): CommandResult<EntityId> {
  const sketch = findSketch(doc, sketchId);
  if (!sketch) return fail(`There is no sketch "${sketchId}".`);
  const id = entity.id ?? nextEntityId(doc, sketchId, entity.type)!;
  if (findChildById(sketch, id))
    return fail(`Sketch "${sketchId}" already has an entity "${id}"; choose another id.`);
  const raw = isTyped(entity)
    ? encodeEntity(entity as SketchEntity)
    : rawOfNew(entity.type, id, (entity as NewEntity).attrs);
  raw.attrs.set("id", id);
  const at = Math.max(0, Math.min(sketch.length, options.at ?? sketch.length));
  doc.transact(() => sketch.insert(at, [elementFromRaw(raw)]), options.origin ?? "user");
  return ok(entityId(id));
}

/**
 * Change attributes of a sketch entity. When a polyline's number of points changes, references
 * to its segments in the document are carried along to the segments' new names (D4.1.1), in the
 * same transaction.
 */
export function updateEntity(
  doc: Y.Doc,
  sketchId: string,
  id: string,
  patch: AttrPatch,
  origin: Origin = "user",
): CommandResult {
  if ("id" in patch) return fail("An entity's id cannot be changed: references use it.");
  const found = findSketchEntity(doc, sketchId, id);
  if (!found.ok) return found;
  const changes = patchElement(found.el, patch);
  if (changes.length === 0) return done;
  const carry =
    found.el.nodeName === "polyline" ? polylineCarry(doc, sketchId, found.el, changes) : [];
  doc.transact(() => {
    applyChanges(found.el, changes);
    for (const [el, attr, value] of carry) el.setAttribute(attr, value);
  }, origin);
  return done;
}

const REF_ATTRS = ["plane", "faces", "to", "edges"];

/** The attribute rewrites that carry refs along a polyline's renumbering. */
function polylineCarry(
  doc: Y.Doc,
  sketchId: string,
  polyline: Y.XmlElement,
  changes: readonly [string, string | null][],
): [Y.XmlElement, string, string][] {
  const get = (k: string): string | undefined => {
    const c = changes.find(([name]) => name === k);
    return c ? (c[1] ?? undefined) : polyline.getAttribute(k);
  };
  const before = parsePoints(polyline.getAttribute("points") ?? "");
  const after = parsePoints(get("points") ?? "");
  if (!before.ok || !after.ok || before.points.length === after.points.length) return [];
  const closedBefore = parseBoolean(polyline.getAttribute("closed") ?? "false") ?? false;
  const closedAfter = parseBoolean(get("closed") ?? "false") ?? false;
  const map = segmentMap(before.points, closedBefore, after.points, closedAfter);
  const elements = featureElements(doc);
  const users = new Set(
    elements
      .filter(
        (el) =>
          (el.nodeName === "extrude" || el.nodeName === "revolve") &&
          el.getAttribute("sketch") === sketchId,
      )
      .map((el) => el.getAttribute("id") ?? ""),
  );
  const pid = polyline.getAttribute("id") ?? "";
  const out: [Y.XmlElement, string, string][] = [];
  for (const el of elements) {
    for (const attr of REF_ATTRS) {
      const value = el.getAttribute(attr);
      if (value === undefined) continue;
      const next = renumberRefs(value, users, pid, map);
      if (next !== undefined) out.push([el, attr, next]);
    }
  }
  return out;
}

export function removeEntity(
  doc: Y.Doc,
  sketchId: string,
  id: string,
  origin: Origin = "user",
): CommandResult {
  const found = findSketchEntity(doc, sketchId, id);
  if (!found.ok) return found;
  doc.transact(() => found.sketch.delete(found.index, 1), origin);
  return done;
}

/** Set (or with null remove) the model's name. Units and version are fixed (D1.2). */
export function setMeta(
  doc: Y.Doc,
  patch: { name?: string | null },
  origin: Origin = "user",
): CommandResult {
  const meta = metaOf(doc);
  if (patch.name === undefined) return done;
  const current = meta.get("name");
  if (patch.name === null ? current === undefined : current === patch.name) return done;
  doc.transact(() => {
    if (patch.name === null) meta.delete("name");
    else meta.set("name", patch.name!);
  }, origin);
  return done;
}
