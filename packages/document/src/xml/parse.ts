/**
 * Text form → raw element tree, with positions, using saxes (a strict, streaming XML parser
 * that reports line and column). Non-recursive: nesting depth costs nothing here, and elements
 * below entity level are reported and skipped rather than built.
 */
import { SaxesParser } from "saxes";
import { problem } from "../problems.ts";
import type { RawDocument, RawElement } from "../raw.ts";
import type { Problem } from "../types.ts";
import { LineIndex, attributeOffsets } from "./positions.ts";

export type RawParseResult =
  { ok: true; doc: RawDocument; problems: Problem[] } | { ok: false; problems: Problem[] };

/** Thrown inside saxes handlers to stop at the first well-formedness error. */
class Stop extends Error {}

type Frame = { el: RawElement | null; depth: number };

const LEVEL_NAMES = ["the model", "<features>", "a feature", "a sketch entity"];

export function parseRaw(text: string): RawParseResult {
  const problems: Problem[] = [];
  const lines = new LineIndex(text);
  const parser = new SaxesParser({ position: true });
  const stack: Frame[] = [];
  let root: RawElement | undefined;
  let featuresEl: RawElement | undefined;
  const features: RawElement[] = [];
  let fatal = false;
  /** Depth of the element whose subtree is being skipped, or -1. */
  let skipping = -1;

  parser.on("error", (err) => {
    const message = err.message.replace(/^\d+:\d+: /, "");
    problems.push(
      problem("XML_PARSE", `The text is not well-formed XML: ${message} Fix the markup there.`, {
        pos: { line: parser.line, column: Math.max(1, parser.column) },
      }),
    );
    fatal = true;
    throw new Stop();
  });

  let tagStart = 0;
  /** Offset just past the last tag, where the text of a text event starts. */
  let lastEnd = 0;
  parser.on("opentagstart", (tag) => {
    // saxes has read the name and the one character after it.
    tagStart = Math.max(0, parser.position - tag.name.length - 2);
  });

  parser.on("opentag", (tag) => {
    checkText(tagStart);
    const depth = stack.length;
    if (skipping >= 0) {
      stack.push({ el: null, depth });
      return;
    }
    const pos = lines.at(tagStart);
    const el: RawElement = {
      name: tag.name,
      attrs: new Map(),
      children: [],
      pos,
      attrPos: new Map(),
    };
    const offsets = attributeOffsets(text, tagStart);
    for (const [k, v] of Object.entries(tag.attributes)) {
      el.attrs.set(k, v);
      const off = offsets.get(k);
      if (off !== undefined) el.attrPos!.set(k, lines.at(off));
    }
    let keep: RawElement | null = el;
    if (depth === 0) {
      if (tag.name !== "model") {
        problems.push(
          problem(
            "BAD_ROOT",
            `The root element is <${tag.name}>; a Kerf document is one <model> element.`,
            { pos },
          ),
        );
        fatal = true;
        throw new Stop();
      }
      root = el;
    } else if (depth === 1) {
      if (tag.name !== "features") {
        problems.push(
          problem("UNKNOWN_ELEMENT", `<model> holds only <features>; remove <${tag.name}>.`, {
            pos,
          }),
        );
        keep = null;
      } else if (featuresEl) {
        problems.push(
          problem("BAD_ROOT", "The model has more than one <features>; merge them into one.", {
            pos,
          }),
        );
        keep = null;
      } else {
        featuresEl = el;
        for (const name of el.attrs.keys()) {
          problems.push(
            problem("UNKNOWN_ATTRIBUTE", `<features> has no attributes; remove "${name}".`, {
              attribute: name,
              pos: el.attrPos?.get(name) ?? pos,
            }),
          );
        }
      }
    } else if (depth === 2) {
      features.push(el);
    } else if (depth === 3) {
      stack[stack.length - 1]!.el!.children.push(el);
    } else {
      const parent = stack[stack.length - 1]!.el!;
      problems.push(
        problem(
          "UNKNOWN_ELEMENT",
          `<${tag.name}> is inside <${parent.name}>, which is ${LEVEL_NAMES[3]} and has no child elements; remove it.`,
          { pos, featureId: stack[2]?.el?.attrs.get("id"), entityId: parent.attrs.get("id") },
        ),
      );
      keep = null;
    }
    if (keep === null) skipping = depth;
    stack.push({ el: keep, depth });
    markEnd();
  });

  parser.on("closetag", () => {
    checkText(text.lastIndexOf("<", parser.position - 1));
    const frame = stack.pop();
    if (frame && frame.depth === skipping) skipping = -1;
    markEnd();
  });

  /**
   * Stray text between `lastEnd` and `end` (a saxes "text" handler would make parsing three times
   * slower, so the source between tags is looked at instead).
   */
  const checkText = (end: number): void => {
    if (end > lastEnd && skipping < 0 && stack.length > 0 && /\S/.test(text.slice(lastEnd, end))) {
      reportText(text.slice(lastEnd, end).trim(), firstNonSpace(text, lastEnd));
    }
  };
  const reportText = (t: string, offset: number): void => {
    const parent = stack[stack.length - 1]!.el;
    if (!parent) return;
    problems.push(
      problem(
        "UNKNOWN_ELEMENT",
        `Text is not allowed inside <${parent.name}>${parent.attrs.has("id") ? ` "${parent.attrs.get("id")}"` : ""}; the format keeps everything in elements and attributes. Remove "${abbreviate(t)}".`,
        { pos: lines.at(offset), featureId: stack[2]?.el?.attrs.get("id") },
      ),
    );
  };
  /** Every construct ends with ">"; saxes reports some events before reading it, some after. */
  const markEnd = (): void => {
    lastEnd = text.indexOf(">", Math.max(0, parser.position - 1)) + 1 || text.length;
  };
  /** Text before a comment, PI or CDATA section starting with `opener`, then skip past it. */
  const before = (opener: string) => (): void => {
    checkText(text.lastIndexOf(opener, parser.position - 1));
    markEnd();
  };
  parser.on("comment", before("<!--"));
  parser.on("processinginstruction", before("<?"));
  parser.on("doctype", markEnd);
  parser.on("cdata", (t) => {
    const start = text.lastIndexOf("<![CDATA[", parser.position - 1);
    checkText(start);
    if (skipping < 0 && stack.length > 0 && t.trim() !== "") reportText(t.trim(), start);
    markEnd();
  });

  try {
    parser.write(text).close();
  } catch (e) {
    if (!(e instanceof Stop)) {
      // saxes reports through the handler; anything else is a parser bug, still not a crash.
      problems.push(
        problem("XML_PARSE", `The XML parser stopped: ${String(e)}.`, {
          pos: { line: 1, column: 1 },
        }),
      );
      fatal = true;
    }
  }
  if (fatal) return { ok: false, problems };
  if (!root || !featuresEl) {
    problems.push(
      problem(
        "BAD_ROOT",
        "The <model> has no <features> element; add <features> with the feature list inside.",
        {
          pos: root?.pos,
        },
      ),
    );
    return { ok: false, problems };
  }
  return { ok: true, doc: { root, features }, problems };
}

function firstNonSpace(text: string, from: number): number {
  let i = from;
  while (i < text.length && /\s/.test(text[i]!)) i++;
  return i;
}

function abbreviate(s: string): string {
  return s.length > 40 ? `${s.slice(0, 37)}...` : s;
}
