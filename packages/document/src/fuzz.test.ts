/**
 * [D6] validate never throws, whatever the text: 10,000 seeded mutations of valid documents
 * (byte flips, truncation, attribute deletion/duplication, odd and huge values, deep nesting,
 * shuffled lines). Every report is well-formed, and whatever validates also parses, loads,
 * serialises and revisions consistently.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { createDoc, loadText, toText } from "./live/doc.ts";
import { revision } from "./revision.ts";
import { generateDocument } from "./testing/generate.ts";
import { Rng } from "./testing/rng.ts";
import { canonicalText, parseXml, parseXmlPartial, serialize } from "./text.ts";
import type { Problem, ValidationReport } from "./types.ts";
import { validate } from "./validate/index.ts";

const CODES = new Set([
  "XML_PARSE",
  "BAD_ROOT",
  "BAD_VERSION",
  "UNKNOWN_ELEMENT",
  "UNKNOWN_ATTRIBUTE",
  "MISSING_ATTRIBUTE",
  "BAD_VALUE",
  "BAD_ID",
  "DUPLICATE_ID",
  "BAD_REF",
  "DANGLING_REF",
  "FORWARD_REF",
  "WRONG_REF_KIND",
]);
const WARNING_CODES = new Set([
  "IGNORED_ATTRIBUTE",
  "POLYLINE_RENUMBERED",
  "UNSORTED_EDGE_REF",
  "FRAGILE_REF",
]);

const CHARS = [
  "<",
  ">",
  "&",
  '"',
  "'",
  "=",
  "/",
  " ",
  "\u0000",
  "x",
  "1",
  "-",
  ":",
  "|",
  "[",
  "]",
  "@",
  "#",
  ".",
  "\n",
  "é",
  "\ud800",
  "\r",
  "!",
  "?",
];

function values(rng: Rng, ids: string[]): string {
  const id = ids.length > 0 ? rng.pick(ids) : "e1";
  return rng.pick([
    "",
    "-1",
    "0",
    "1e999",
    "NaN",
    "+5",
    " 10",
    "body",
    "XY",
    "true",
    "x",
    id,
    `face:${id}:top`,
    `face:${id}:side:r1.top`,
    `face:${id}:side:p1.${rng.int(0, 9)}`,
    `edge:${id}:top|${id}:bottom`,
    `edge:${id}:bottom|${id}:top#2`,
    `face:${id}:blend[${id}:top|${id}:side:r1.left]`,
    `face:${id}:new:3`,
    `face:${"x:inner[".repeat(rng.int(1, 40))}x:top${"]".repeat(rng.int(0, 40))}`,
    "0,0 1,1 2",
    "0,0 1,1 2,2 3,3",
    "&amp;&lt;&#10;&#x1F529;",
    "x".repeat(rng.bool(0.03) ? 100_000 : 300),
    `${"face:e1:top ".repeat(rng.bool(0.03) ? 5000 : 20)}`,
  ]);
}

function mutate(rng: Rng, text: string): string {
  const ids = [...text.matchAll(/\sid="([^"]*)"/g)].map((m) => m[1]!);
  const attrs = [...text.matchAll(/\s[\w:-]+\s*=\s*("[^"]*"|'[^']*')/g)];
  const lines = text.split("\n");
  switch (rng.int(0, 11)) {
    case 0: {
      const i = rng.int(0, text.length);
      return text.slice(0, i) + rng.pick(CHARS) + text.slice(i + 1);
    }
    case 1:
      return text.slice(0, rng.int(0, text.length));
    case 2: {
      if (attrs.length === 0) return text;
      const m = rng.pick(attrs);
      return text.slice(0, m.index) + text.slice(m.index + m[0].length);
    }
    case 3: {
      if (attrs.length === 0) return text;
      const m = rng.pick(attrs);
      const at = m.index + m[0].length;
      return text.slice(0, at) + m[0] + text.slice(at);
    }
    case 4:
    case 5: {
      if (attrs.length === 0) return text;
      const m = rng.pick(attrs);
      const name = m[0].slice(0, m[0].indexOf("=") + 1);
      const value = values(rng, ids)
        .replace(/&(?![a-z#]+;)/g, "&amp;")
        .replace(/"/g, "&quot;")
        .replace(/</g, "&lt;");
      return `${text.slice(0, m.index)}${name}"${value}"${text.slice(m.index + m[0].length)}`;
    }
    case 6: {
      const depth = rng.bool(0.05) ? rng.int(5000, 20000) : rng.int(1, 50);
      const at = text.indexOf(">", rng.int(0, text.length - 1)) + 1 || text.length;
      const tag = rng.pick(["a", "rect", "sketch", "features", "model"]);
      return (
        text.slice(0, at) + `<${tag}>`.repeat(depth) + `</${tag}>`.repeat(depth) + text.slice(at)
      );
    }
    case 7: {
      const i = rng.int(0, lines.length - 1);
      lines.splice(i, 0, lines[i]!);
      return lines.join("\n");
    }
    case 8:
      lines.splice(rng.int(0, lines.length - 1), 1);
      return lines.join("\n");
    case 9: {
      const i = rng.int(0, lines.length - 1);
      const j = rng.int(0, lines.length - 1);
      [lines[i], lines[j]] = [lines[j]!, lines[i]!];
      return lines.join("\n");
    }
    case 10: {
      const names = [
        "sketch",
        "extrude",
        "revolve",
        "fillet",
        "chamfer",
        "shell",
        "rect",
        "polyline",
        "line",
        "arc",
        "circle",
        "model",
        "features",
        "loft",
      ];
      return text.replace(new RegExp(`<${rng.pick(names)}\\b`), `<${rng.pick(names)}`);
    }
    default: {
      // Swap two feature ids (forward references, dangling references).
      if (ids.length < 2) return text;
      const a = rng.pick(ids);
      const b = rng.pick(ids);
      return text
        .replace(`id="${a}"`, 'id="\u0001"')
        .replace(`id="${b}"`, `id="${a}"`)
        .replace('id="\u0001"', `id="${b}"`);
    }
  }
}

function checkReport(r: ValidationReport, text: string): void {
  expect(r.valid).toBe(r.errors.length === 0);
  const check = (p: Problem, severity: string, codes: Set<string>): void => {
    expect(codes.has(p.code), p.code).toBe(true);
    expect(p.severity).toBe(severity);
    expect(typeof p.message === "string" && p.message.length > 0).toBe(true);
    expect(
      Number.isInteger(p.line) && p.line! >= 1,
      `line of ${p.code} in ${text.slice(0, 200)}`,
    ).toBe(true);
    expect(Number.isInteger(p.column) && p.column! >= 1).toBe(true);
  };
  r.errors.forEach((p) => check(p, "error", CODES));
  r.warnings.forEach((p) => check(p, "warning", WARNING_CODES));
}

describe("fuzz", () => {
  it("[D6] validate never throws on 10,000 mutated documents, and its reports are well-formed", () => {
    const examples = ["bracket", "knob", "plate"].map((n) =>
      readFileSync(new URL(`../../../examples/${n}.kerf.xml`, import.meta.url), "utf8"),
    );
    const bases = [
      ...examples,
      ...Array.from({ length: 60 }, (_, i) => generateDocument(1000 + i)),
    ];
    const rng = new Rng(20240601);
    let valid = 0;
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) {
      const base = rng.pick(bases);
      let text = base;
      for (let k = rng.int(1, 3); k > 0; k--) text = mutate(rng, text);
      const r = validate(text);
      checkReport(r, text);
      r.errors.forEach((p) => seen.add(p.code));
      r.warnings.forEach((p) => seen.add(p.code));
      if (i % 10 === 0) {
        checkReport(validate(text, { previous: base }), text);
        expect(() => parseXmlPartial(text)).not.toThrow();
      }
      if (!r.valid) continue;
      valid++;
      const parsed = parseXml(text);
      expect(parsed.ok).toBe(true);
      if (!parsed.ok) continue;
      const written = serialize(parsed.model);
      expect(validate(written).valid).toBe(true);
      const canon = canonicalText(text);
      expect(
        (canon.ok && written === canon.text) ||
          r.warnings.some((p) => p.code === "UNSORTED_EDGE_REF"),
      ).toBe(true);
      const doc = createDoc();
      expect(loadText(doc, text).ok).toBe(true);
      expect(canon.ok && toText(doc)).toBe(canon.ok && canon.text);
      expect(revision(doc)).toBe(revision(parsed.model));
    }
    // The mutations reached valid documents and most of the codes.
    expect(valid).toBeGreaterThan(500);
    expect(seen.size).toBeGreaterThanOrEqual(14);
  });
});
