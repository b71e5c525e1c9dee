/**
 * The shape of the live form (D1): where features and meta live, and conversion between
 * Y.XmlElements and raw elements.
 */
import * as Y from "yjs";
import type { RawDocument, RawElement } from "../raw.ts";

export const FEATURES_KEY = "features";
export const META_KEY = "meta";

export const featuresOf = (doc: Y.Doc): Y.XmlFragment => doc.getXmlFragment(FEATURES_KEY);
export const metaOf = (doc: Y.Doc): Y.Map<unknown> => doc.getMap<unknown>(META_KEY);

/** XML names we can write back (element and attribute names arriving from other replicas). */
const XML_NAME = /^[A-Za-z_:\u00C0-\uFFFF][A-Za-z0-9_:.\-\u00B7\u00C0-\uFFFF]*$/;

function rawOfElement(el: Y.XmlElement, depth: number): RawElement {
  const attrs = new Map<string, string>();
  for (const [k, v] of Object.entries(el.getAttributes())) {
    if (v !== undefined && v !== null && XML_NAME.test(k))
      attrs.set(k, typeof v === "string" ? v : String(v));
  }
  const children: RawElement[] = [];
  if (depth === 0) {
    for (const c of el.toArray()) {
      if (c instanceof Y.XmlElement && XML_NAME.test(c.nodeName)) children.push(rawOfElement(c, 1));
    }
  }
  return { name: el.nodeName, attrs, children };
}

/** The live document as a raw element tree. */
export function rawFromDoc(doc: Y.Doc): RawDocument {
  const meta = metaOf(doc);
  const root: RawElement = { name: "model", attrs: new Map(), children: [] };
  for (const key of ["version", "units", "name"]) {
    const v = meta.get(key);
    if (v !== undefined && v !== null) root.attrs.set(key, String(v));
  }
  const features: RawElement[] = [];
  for (const c of featuresOf(doc).toArray()) {
    if (c instanceof Y.XmlElement && XML_NAME.test(c.nodeName)) features.push(rawOfElement(c, 0));
  }
  return { root, features };
}

/** A new (not yet inserted) Y.XmlElement with the raw element's attributes and children. */
export function elementFromRaw(raw: RawElement): Y.XmlElement {
  const el = new Y.XmlElement(raw.name);
  for (const [k, v] of raw.attrs) el.setAttribute(k, v);
  if (raw.children.length > 0) el.insert(0, raw.children.map(elementFromRaw));
  return el;
}

/** Writes the model-root attributes of a raw document into the meta map. */
export function writeMeta(meta: Y.Map<unknown>, root: RawElement): void {
  if (meta.get("version") !== 1) meta.set("version", 1);
  for (const key of ["units", "name"]) {
    const v = root.attrs.get(key);
    if (v === undefined) {
      if (meta.has(key)) meta.delete(key);
    } else if (meta.get(key) !== v) meta.set(key, v);
  }
}

/** The feature elements of the document. */
export function featureElements(doc: Y.Doc): Y.XmlElement[] {
  return featuresOf(doc)
    .toArray()
    .filter((c): c is Y.XmlElement => c instanceof Y.XmlElement);
}

/** The first feature element with this id, and its index among the fragment's children. */
export function findFeature(
  doc: Y.Doc,
  id: string,
): { el: Y.XmlElement; index: number } | undefined {
  return findChildById(featuresOf(doc), id);
}

/** The child element of `parent` whose id is `id`, with its index among all children. */
export function findChildById(
  parent: Y.XmlFragment,
  id: string,
): { el: Y.XmlElement; index: number } | undefined {
  const children = parent.toArray();
  for (let i = 0; i < children.length; i++) {
    const c = children[i];
    if (c instanceof Y.XmlElement && c.getAttribute("id") === id) return { el: c, index: i };
  }
  return undefined;
}
