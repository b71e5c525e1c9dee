/**
 * Raw element tree → text form, in the one stable layout: one element per line, two-space
 * indent, attributes in the order of schema.ts (unknown ones last, by code unit), values escaped.
 */
import type { RawDocument, RawElement } from "../raw.ts";
import { orderAttributes } from "../schema.ts";

/**
 * Escape an attribute value for a double-quoted attribute. Tab, CR and LF are written as
 * character references, because a parser turns literal ones into spaces. Characters XML 1.0
 * cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) become U+FFFD.
 */
export function escapeAttribute(value: string): string {
  let out = "";
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    switch (c) {
      case 38:
        out += "&amp;";
        continue;
      case 60:
        out += "&lt;";
        continue;
      case 62:
        out += "&gt;";
        continue;
      case 34:
        out += "&quot;";
        continue;
      case 9:
        out += "&#9;";
        continue;
      case 10:
        out += "&#10;";
        continue;
      case 13:
        out += "&#13;";
        continue;
    }
    if (c < 32 || c === 0xfffe || c === 0xffff) {
      out += "\ufffd";
    } else if (c >= 0xd800 && c <= 0xdbff) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        out += value[i]! + value[i + 1]!;
        i++;
      } else out += "\ufffd";
    } else if (c >= 0xdc00 && c <= 0xdfff) {
      out += "\ufffd";
    } else out += value[i]!;
  }
  return out;
}

function openTag(el: RawElement, level: "model" | "feature" | "entity"): string {
  const names = orderAttributes(el.name, level, el.attrs.keys());
  const attrs = names.map((n) => ` ${n}="${escapeAttribute(el.attrs.get(n)!)}"`).join("");
  return `<${el.name}${attrs}`;
}

export function serializeRaw(doc: RawDocument): string {
  const lines: string[] = [`${openTag(doc.root, "model")}>`];
  if (doc.features.length === 0) lines.push("  <features/>");
  else {
    lines.push("  <features>");
    for (const f of doc.features) {
      if (f.children.length === 0) {
        lines.push(`    ${openTag(f, "feature")}/>`);
        continue;
      }
      lines.push(`    ${openTag(f, "feature")}>`);
      for (const e of f.children) lines.push(`      ${openTag(e, "entity")}/>`);
      lines.push(`    </${f.name}>`);
    }
    lines.push("  </features>");
  }
  lines.push("</model>");
  return lines.join("\n") + "\n";
}
