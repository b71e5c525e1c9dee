import type { Position } from "../raw.ts";

/**
 * Offset → 1-based line/column over a text, counting line breaks as XML does (`\r\n`, `\r`, `\n`).
 * Built once per text; each lookup is a binary search.
 */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.starts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.starts.push(i + 1);
      }
    }
  }

  at(offset: number): Position {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

const isSpace = (c: string | undefined): boolean =>
  c === " " || c === "\t" || c === "\n" || c === "\r";

/**
 * Offsets of each attribute name in a start tag beginning at `start` (its `<`). The tag is known
 * to be well-formed (the XML parser accepted it), so a plain left-to-right scan is exact.
 */
export function attributeOffsets(text: string, start: number): Map<string, number> {
  const out = new Map<string, number>();
  let i = start + 1;
  while (i < text.length && !isSpace(text[i]) && text[i] !== ">" && text[i] !== "/") i++;
  for (;;) {
    while (isSpace(text[i])) i++;
    const c = text[i];
    if (c === undefined || c === ">" || c === "/") return out;
    const nameStart = i;
    while (i < text.length && !isSpace(text[i]) && text[i] !== "=") i++;
    const name = text.slice(nameStart, i);
    while (isSpace(text[i])) i++;
    i++; // "="
    while (isSpace(text[i])) i++;
    const quote = text[i];
    if (quote !== '"' && quote !== "'") return out;
    const close = text.indexOf(quote, i + 1);
    if (close < 0) return out;
    if (!out.has(name)) out.set(name, nameStart);
    i = close + 1;
  }
}
