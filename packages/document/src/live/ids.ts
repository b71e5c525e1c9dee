/**
 * New feature and entity ids that stay unique when replicas create features at the same time
 * (D7.2), while staying short and readable where that is safe.
 *
 * An id is the type's prefix and a number one above the highest in use (`e3`). When this replica
 * may not be the only writer, the Yjs clientID is appended in base 36 (`e3_k2x9a1`): two replicas
 * never share a clientID, so they never make the same id. "Only writer" means this Y.Doc created
 * the document and everything in it was written here (see `isSoleWriter`). Numbers are never
 * reused within one Y.Doc, so an undo that restores a deleted feature cannot collide with a
 * newer one.
 */
import * as Y from "yjs";
import { ENTITY_PREFIX, FEATURE_PREFIX } from "../schema.ts";
import {
  entityId,
  featureId,
  type EntityId,
  type EntityType,
  type FeatureId,
  type FeatureType,
} from "../types.ts";
import { featureElements, findFeature, metaOf } from "./shape.ts";

const highWater = new WeakMap<Y.Doc, Map<string, number>>();

/**
 * True when this Y.Doc created the document (wrote its meta version, as `createDoc` and
 * `loadText` do) and everything in it was written here. A replica that started empty and has
 * written features but not yet synced is not the sole writer: someone else created the document.
 */
export function isSoleWriter(doc: Y.Doc): boolean {
  const clients = [...doc.store.clients.keys()];
  return (
    clients.length > 0 && clients.every((c) => c === doc.clientID) && metaOf(doc).has("version")
  );
}

/** This replica's id suffix. */
export function clientTag(doc: Y.Doc): string {
  return doc.clientID.toString(36);
}

function allocate(doc: Y.Doc, scope: string, prefix: string, existing: Set<string>): string {
  const pattern = new RegExp(`^${prefix}(\\d+)(?:_[a-z0-9]+)?$`);
  let max = 0;
  for (const id of existing) {
    const m = pattern.exec(id);
    if (m) max = Math.max(max, Number(m[1]));
  }
  const marks = highWater.get(doc) ?? new Map<string, number>();
  highWater.set(doc, marks);
  let n = Math.max(max, marks.get(scope) ?? 0) + 1;
  const suffix = isSoleWriter(doc) ? "" : `_${clientTag(doc)}`;
  while (existing.has(`${prefix}${n}${suffix}`)) n++;
  marks.set(scope, n);
  return `${prefix}${n}${suffix}`;
}

/** A feature id for a new feature of this type, unique now and against concurrent replicas. */
export function nextFeatureId(doc: Y.Doc, type: FeatureType): FeatureId {
  const ids = new Set(featureElements(doc).map((el) => el.getAttribute("id") ?? ""));
  return featureId(allocate(doc, `feature:${FEATURE_PREFIX[type]}`, FEATURE_PREFIX[type], ids));
}

/** An entity id for a new entity in the sketch, unique within it; undefined if no such sketch. */
export function nextEntityId(doc: Y.Doc, sketchId: string, type: EntityType): EntityId | undefined {
  const found = findFeature(doc, sketchId);
  if (!found || found.el.nodeName !== "sketch") return undefined;
  const ids = new Set<string>();
  for (const c of found.el.toArray()) {
    const id = c instanceof Y.XmlElement ? c.getAttribute("id") : undefined;
    if (id !== undefined) ids.add(id);
  }
  return entityId(
    allocate(doc, `entity:${sketchId}:${ENTITY_PREFIX[type]}`, ENTITY_PREFIX[type], ids),
  );
}
