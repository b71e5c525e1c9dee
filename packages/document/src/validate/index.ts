/**
 * D6 static validation: every problem, not only the first, each with a code, plain words that say
 * how to fix it, and where it is. Never throws: the XML parser is streaming, nothing here recurses
 * deeper than a reference's (bounded) bracket depth.
 */
import { attrPos, problem, toReport } from "../problems.ts";
import { encodeModel } from "../codec.ts";
import type { RawDocument } from "../raw.ts";
import { MODEL_ATTRS } from "../schema.ts";
import type { Model, Problem, ValidationReport } from "../types.ts";
import { parseRaw } from "../xml/parse.ts";
import { checkFeatures, type FeatureTable } from "./features.ts";
import { checkReferences } from "./refs.ts";
import { checkRenumbered, countsOfModel, countsOfRaw, type PolylineCounts } from "./renumber.ts";

export interface ValidateOptions {
  /**
   * The document as it was before this proposal (text or model). With it, a changed point count
   * of a referenced polyline is warned about (D4.1.1 POLYLINE_RENUMBERED).
   */
  previous?: string | Model | undefined;
}

export interface Analysis {
  problems: Problem[];
  table: FeatureTable;
}

/** All problems of a raw document, plus the feature table the decoder uses. */
export function analyzeRaw(doc: RawDocument, options: ValidateOptions = {}): Analysis {
  const out: Problem[] = [];
  checkRoot(doc, out);
  const table = checkFeatures(doc.features, out);
  checkReferences(table, out);
  const previous = previousCounts(options.previous);
  if (previous) checkRenumbered(table, previous, out);
  return { problems: out, table };
}

/** D6 validation of a document's text form. */
export function validate(text: string, options: ValidateOptions = {}): ValidationReport {
  const parsed = parseRaw(text);
  if (!parsed.ok) return toReport(parsed.problems);
  return toReport([...parsed.problems, ...analyzeRaw(parsed.doc, options).problems]);
}

/**
 * D6 validation of a typed model (for the kernel and tools that hold a Model rather than text):
 * the same rules, without line and column.
 */
export function validateModel(model: Model, options: ValidateOptions = {}): ValidationReport {
  return toReport(analyzeRaw(encodeModel(model), options).problems);
}

function checkRoot(doc: RawDocument, out: Problem[]): void {
  const root = doc.root;
  const version = root.attrs.get("version");
  if (version === undefined) {
    out.push(
      problem("BAD_VERSION", 'The <model> has no version; add version="1".', {
        attribute: "version",
        pos: root.pos,
      }),
    );
  } else if (version !== "1") {
    out.push(
      problem(
        "BAD_VERSION",
        `version="${version.slice(0, 20)}" is not supported; this is format version 1, so write version="1".`,
        { attribute: "version", pos: attrPos(root, "version") },
      ),
    );
  }
  const units = root.attrs.get("units");
  if (units !== undefined && units !== "mm") {
    out.push(
      problem(
        "BAD_VALUE",
        `units="${units.slice(0, 20)}" is not supported; Kerf models are in millimetres, write units="mm".`,
        {
          attribute: "units",
          pos: attrPos(root, "units"),
        },
      ),
    );
  }
  for (const name of root.attrs.keys()) {
    if (!(MODEL_ATTRS as readonly string[]).includes(name)) {
      out.push(
        problem(
          "UNKNOWN_ATTRIBUTE",
          `<model> has no attribute "${name}"; remove it. <model> takes: ${MODEL_ATTRS.join(", ")}.`,
          {
            attribute: name,
            pos: attrPos(root, name),
          },
        ),
      );
    }
  }
}

function previousCounts(previous: string | Model | undefined): PolylineCounts | undefined {
  if (previous === undefined) return undefined;
  if (typeof previous !== "string") return countsOfModel(previous);
  const parsed = parseRaw(previous);
  return parsed.ok ? countsOfRaw(parsed.doc) : undefined;
}
