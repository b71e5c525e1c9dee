/**
 * Random VALID documents (D6-clean, references statically resolvable) in varied text layouts:
 * shuffled attribute order, both quote styles, odd whitespace, number literals in several
 * spellings, explicit defaults, names with characters that need escaping. For round-trip,
 * diff and fuzz tests here and in other packages.
 */
import { edgeNameOf } from "../refs.ts";
import { Rng } from "./rng.ts";

interface GenSketch {
  id: string;
  /** Segment names that make faces (non-construction), and line ids usable as an axis. */
  segments: string[];
  lines: string[];
}
interface GenSolid {
  id: string;
  type: "extrude" | "revolve" | "faces-extrude";
  faces: string[];
}

type Attrs = [string, string][];
interface GenElement {
  name: string;
  attrs: Attrs;
  children: GenElement[];
}

const NAMES = [
  "Plate",
  "Angle bracket",
  'Tom & Jerry\'s "best" <part>',
  "Ünïcödé ⚙ 🔩",
  "tab\there",
  "two\nlines",
  "",
  "  spaced  ",
];

function positive(rng: Rng): string {
  const n = rng.int(1, 200);
  return rng.pick([`${n}`, `${n}.0`, `${n}.25`, `.5`, `${n}e0`, `1e-3`, `${n}.50`]);
}

function coord(rng: Rng): string {
  const n = rng.int(-100, 100);
  return rng.pick([`${n}`, `${n}.5`, `${n}.0`, `0`, `-0.25`]);
}

/** Optional explicit default or a real value. */
function maybe(
  rng: Rng,
  attrs: Attrs,
  name: string,
  values: readonly string[],
  dflt: string,
): string {
  if (rng.bool(0.3)) {
    attrs.push([name, dflt]);
    return dflt;
  }
  if (rng.bool(0.5)) {
    const v = rng.pick(values);
    attrs.push([name, v]);
    return v;
  }
  return dflt;
}

function common(rng: Rng, attrs: Attrs): void {
  if (rng.bool(0.2)) attrs.push(["name", rng.pick(NAMES)]);
  if (rng.bool(0.15)) attrs.push(["suppressed", rng.pick(["true", "false"])]);
}

function entities(rng: Rng, sketch: GenSketch): GenElement[] {
  const out: GenElement[] = [];
  const count = rng.int(1, 4);
  for (let i = 1; i <= count; i++) {
    const construction = rng.bool(0.15);
    const attrs: Attrs = [];
    const kind = rng.pick(["rect", "circle", "polyline", "line", "arc"] as const);
    const id = `${kind[0]}${i}`;
    attrs.push(["id", id]);
    let segs: string[] = [];
    switch (kind) {
      case "rect":
        attrs.push(
          ["x", coord(rng)],
          ["y", coord(rng)],
          ["width", positive(rng)],
          ["height", positive(rng)],
        );
        segs = ["bottom", "right", "top", "left"].map((s) => `${id}.${s}`);
        break;
      case "circle":
        attrs.push(["cx", coord(rng)], ["cy", coord(rng)], ["r", positive(rng)]);
        segs = [id];
        break;
      case "line":
        attrs.push(["x1", coord(rng)], ["y1", coord(rng)], ["x2", coord(rng)], ["y2", coord(rng)]);
        segs = [id];
        if (!construction) sketch.lines.push(id);
        break;
      case "arc": {
        const start = rng.int(-180, 180);
        attrs.push(["cx", coord(rng)], ["cy", coord(rng)], ["r", positive(rng)]);
        attrs.push(["start", `${start}`], ["end", `${start + rng.int(1, 359)}`]);
        segs = [id];
        break;
      }
      case "polyline": {
        const closed = rng.bool();
        const n = rng.int(closed ? 3 : 2, 7);
        const pts = Array.from({ length: n }, () => `${coord(rng)},${coord(rng)}`);
        const sep = rng.pick([" ", "  ", " \n        "]);
        attrs.push(["points", pts.join(sep)]);
        if (closed || rng.bool(0.3)) attrs.push(["closed", closed ? "true" : "false"]);
        segs = Array.from({ length: closed ? n : n - 1 }, (_, k) => `${id}.${k}`);
        break;
      }
    }
    if (construction) attrs.push(["construction", "true"]);
    else {
      if (rng.bool(0.1)) attrs.push(["construction", "false"]);
      sketch.segments.push(...segs);
    }
    out.push({ name: kind, attrs, children: [] });
  }
  return out;
}

function faceOf(rng: Rng, solid: GenSolid): string {
  return `${solid.id}:${rng.pick(solid.faces)}`;
}

/** Generate the features of one random valid document. */
function features(rng: Rng, count: number): GenElement[] {
  const out: GenElement[] = [];
  const sketches: GenSketch[] = [];
  const solids: GenSolid[] = [];
  const ids = new Map<string, number>();
  const nextId = (p: string): string => {
    const n = (ids.get(p) ?? 0) + 1;
    ids.set(p, n);
    return `${p}${n}`;
  };
  for (let i = 0; i < count; i++) {
    const options = ["sketch"];
    if (sketches.some((s) => s.segments.length > 0)) options.push("extrude", "extrude", "revolve");
    if (solids.length > 0) options.push("fillet", "chamfer", "shell", "faces-extrude");
    const kind = rng.pick(options);
    const attrs: Attrs = [];
    if (kind === "sketch") {
      const id = nextId("s");
      const sketch: GenSketch = { id, segments: [], lines: [] };
      attrs.push(["id", id]);
      const faceSolids = solids.filter((s) => s.type !== "faces-extrude" || rng.bool());
      attrs.push([
        "plane",
        faceSolids.length > 0 && rng.bool(0.3)
          ? `face:${faceOf(rng, rng.pick(faceSolids))}`
          : rng.pick(["XY", "XZ", "YZ"]),
      ]);
      if (rng.bool(0.3)) attrs.push(["offset", coord(rng)]);
      common(rng, attrs);
      const children = entities(rng, sketch);
      sketches.push(sketch);
      out.push({ name: "sketch", attrs, children });
      continue;
    }
    if (kind === "extrude") {
      const sketch = rng.pick(sketches.filter((s) => s.segments.length > 0));
      const id = nextId("e");
      attrs.push(["id", id], ["sketch", sketch.id]);
      const extent = rng.pick(["blind", "blind", "blind", "throughAll"]);
      if (extent === "blind") attrs.push(["distance", positive(rng)]);
      else attrs.push(["extent", extent]);
      const op =
        extent === "throughAll"
          ? rng.pick(["cut", "intersect"])
          : maybe(rng, attrs, "op", ["cut", "intersect"], "add");
      if (extent === "throughAll") attrs.push(["op", op]);
      else if (rng.bool(0.2)) attrs.push(["extent", "blind"]);
      maybe(rng, attrs, "direction", ["reverse", "symmetric"], "normal");
      common(rng, attrs);
      solids.push({
        id,
        type: "extrude",
        faces: ["top", "bottom", ...sketch.segments.map((s) => `side:${s}`)],
      });
      out.push({ name: "extrude", attrs, children: [] });
      continue;
    }
    if (kind === "faces-extrude") {
      const extrudes = solids.filter((s) => s.type === "extrude");
      if (extrudes.length === 0) continue;
      const from = rng.pick(extrudes);
      const id = nextId("e");
      attrs.push(["id", id], ["faces", `face:${from.id}:top`], ["distance", positive(rng)]);
      common(rng, attrs);
      solids.push({ id, type: "faces-extrude", faces: ["top", "bottom"] });
      out.push({ name: "extrude", attrs, children: [] });
      continue;
    }
    if (kind === "revolve") {
      const sketch = rng.pick(sketches.filter((s) => s.segments.length > 0));
      const axis =
        sketch.lines.length > 0 && rng.bool() ? rng.pick(sketch.lines) : rng.pick(["x", "y"]);
      const segments = sketch.segments.filter((s) => s !== axis);
      if (segments.length === 0) continue;
      const id = nextId("v");
      attrs.push(["id", id], ["sketch", sketch.id], ["axis", axis]);
      const angle = maybe(rng, attrs, "angle", ["90", "180.0", "45.5", "360"], "360");
      maybe(rng, attrs, "op", ["cut"], "add");
      common(rng, attrs);
      const faces = segments.map((s) => `side:${s}`);
      if (Number(angle) < 360) faces.push("start", "end");
      solids.push({ id, type: "revolve", faces });
      out.push({ name: "revolve", attrs, children: [] });
      continue;
    }
    const base = rng.pick(solids);
    const id = nextId(kind === "fillet" ? "f" : kind === "chamfer" ? "k" : "sh");
    attrs.push(["id", id]);
    if (kind === "shell") {
      attrs.push(["faces", `face:${faceOf(rng, base)}`], ["thickness", positive(rng)]);
    } else {
      const n = rng.int(1, 3);
      const refs = Array.from({ length: n }, () => {
        if (rng.bool(0.2) || base.faces.length < 2) return `face:${faceOf(rng, base)}`;
        const [fa, fb] = rng.shuffle(base.faces);
        return `edge:${edgeNameOf(`${base.id}:${fa!}`, `${base.id}:${fb!}`)}`;
      });
      attrs.push(["edges", refs.join(rng.pick([" ", "\n        "]))]);
      attrs.push([kind === "fillet" ? "radius" : "distance", positive(rng)]);
    }
    common(rng, attrs);
    out.push({ name: kind, attrs, children: [] });
  }
  return out;
}

function escape(value: string, quote: string): string {
  let s = value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/\t/g, "&#9;")
    .replace(/\n/g, "&#10;");
  s = quote === '"' ? s.replace(/"/g, "&quot;") : s.replace(/'/g, "&apos;");
  return s;
}

/** Attribute values holding reference or point lists may use raw line breaks (they are lists). */
const LIST_ATTRS = new Set(["points", "edges", "faces"]);

function openTag(rng: Rng, el: GenElement, indent: string): string {
  const attrs = rng.shuffle(el.attrs).map(([k, v]) => {
    const q = rng.pick(['"', "'"]);
    const value = LIST_ATTRS.has(k)
      ? escape(v.replace(/\n/g, " "), q).replace(/ {2}/g, "\n    ")
      : escape(v, q);
    return `${rng.pick([" ", "  ", "\n" + indent + "  "])}${k}${rng.pick(["=", " = "])}${q}${value}${q}`;
  });
  return `${indent}<${el.name}${attrs.join("")}`;
}

function write(rng: Rng, el: GenElement, indent: string): string {
  const open = openTag(rng, el, indent);
  if (el.children.length === 0) return rng.bool(0.9) ? `${open}/>` : `${open}></${el.name}>`;
  const inner = el.children.map((c) => write(rng, c, indent + "  ")).join("\n");
  return `${open}>\n${inner}\n${indent}</${el.name}>`;
}

/** A random valid document's text; `features` is the rough feature count (default 1–12). */
export function generateDocument(seed: number, options: { features?: number } = {}): string {
  const rng = new Rng(seed);
  const root: Attrs = [["version", "1"]];
  if (rng.bool(0.8)) root.push(["units", "mm"]);
  if (rng.bool(0.8)) root.push(["name", rng.pick(NAMES)]);
  const list = features(rng, options.features ?? rng.int(1, 12));
  const model = { name: "model", attrs: root, children: [] };
  const head = rng.bool(0.3) ? '<?xml version="1.0" encoding="UTF-8"?>\n' : "";
  const comment = rng.bool(0.2) ? "  <!-- generated -->\n" : "";
  const body =
    list.length === 0 && rng.bool()
      ? "  <features/>"
      : `  <features>\n${list.map((f) => write(rng, f, "    ")).join("\n")}\n  </features>`;
  return `${head}${openTag(rng, model, "")}>\n${comment}${body}\n</model>\n`;
}
