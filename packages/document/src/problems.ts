import type { Position, RawElement } from "./raw.ts";
import type {
  Problem,
  ValidationErrorCode,
  ValidationReport,
  ValidationWarningCode,
} from "./types.ts";

const WARNINGS: ReadonlySet<string> = new Set<ValidationWarningCode>([
  "IGNORED_ATTRIBUTE",
  "POLYLINE_RENUMBERED",
  "UNSORTED_EDGE_REF",
  "FRAGILE_REF",
]);

export interface ProblemPlace {
  featureId?: string | undefined;
  entityId?: string | undefined;
  attribute?: string | undefined;
  pos?: Position | undefined;
}

/** A D6 problem; its severity follows from its code. Undefined places are left out. */
export function problem(
  code: ValidationErrorCode | ValidationWarningCode,
  message: string,
  place: ProblemPlace = {},
): Problem {
  const p: Problem = { code, severity: WARNINGS.has(code) ? "warning" : "error", message };
  if (place.featureId !== undefined) p.featureId = place.featureId;
  if (place.entityId !== undefined) p.entityId = place.entityId;
  if (place.attribute !== undefined) p.attribute = place.attribute;
  if (place.pos) {
    p.line = place.pos.line;
    p.column = place.pos.column;
  }
  return p;
}

/** Where an attribute of `el` is (its name), falling back to the element. */
export function attrPos(el: RawElement, attr: string | undefined): Position | undefined {
  return (attr !== undefined ? el.attrPos?.get(attr) : undefined) ?? el.pos;
}

/** Split into errors and warnings, each in document order, duplicates dropped. */
export function toReport(problems: readonly Problem[]): ValidationReport {
  const seen = new Set<string>();
  const unique: Problem[] = [];
  for (const p of problems) {
    const key = [p.code, p.message, p.featureId, p.entityId, p.attribute, p.line, p.column].join(
      "\u0000",
    );
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push(p);
  }
  const order = (a: Problem, b: Problem): number =>
    (a.line ?? Infinity) - (b.line ?? Infinity) || (a.column ?? Infinity) - (b.column ?? Infinity);
  const errors = unique.filter((p) => p.severity === "error");
  const warnings = unique.filter((p) => p.severity === "warning");
  // Array.prototype.sort is stable, so problems at one place keep the order they were found in.
  errors.sort(order);
  warnings.sort(order);
  return { valid: errors.length === 0, errors, warnings };
}

/** Codes after which the document has no usable structure (nothing can be loaded). */
export const STRUCTURAL_CODES: ReadonlySet<string> = new Set([
  "XML_PARSE",
  "BAD_ROOT",
  "BAD_VERSION",
]);
