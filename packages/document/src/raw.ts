/**
 * The untyped element tree both the text form and the live form map onto one-to-one: element
 * names and string attributes, nothing interpreted. Validation, serialisation, diff and apply
 * work on it, so that literals ("10.0") and present-but-default attributes survive (D1.1).
 */

/** 1-based line and column (column in UTF-16 code units) in the text form. */
export interface Position {
  line: number;
  column: number;
}

export interface RawElement {
  name: string;
  /** Attribute values as written (after XML unescaping); insertion order is not meaningful. */
  attrs: Map<string, string>;
  /** Sketch entities (or, in invalid documents, whatever children a feature had). */
  children: RawElement[];
  /** Where the element's `<` is, when it came from text. */
  pos?: Position;
  /** Where each attribute's name is, when it came from text. */
  attrPos?: Map<string, Position>;
}

export interface RawDocument {
  /** The `<model>` element; its children are not used (see `features`). */
  root: RawElement;
  /** The children of `<features>`, in order. */
  features: RawElement[];
}

export function rawElement(
  name: string,
  attrs: Iterable<[string, string]> = [],
  children: RawElement[] = [],
): RawElement {
  return { name, attrs: new Map(attrs), children };
}
