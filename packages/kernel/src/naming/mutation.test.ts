/**
 * A seeded mutation corpus (R3.3, R4): random feature trees (a block, pockets and bosses sketched
 * on its faces, fillets and chamfers on its edges) and random edits (sizes, suppression,
 * removal). After every edit each stored ref either resolves to the right face — checked against
 * planes computed from sketch semantics — or its feature fails with a typed error; bodies keep
 * R4's unique, complete names; an incremental build names exactly like a fresh one.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuildErrorCode, Model } from "@kerf/document";
import { ModelBuilder } from "../builder.ts";
import { faceFrame, toWorld, vadd, vdot, vscale } from "../build/frame.ts";
import { looseDoc, nameProblems, rng } from "../build/testing.ts";
import { loadOC, type OC } from "../oc/load.ts";
import type { Frame, Vec3 } from "../types.ts";
import { edgeMidpoint, faceCentroid, planeOf } from "./geometry.ts";
import type { NamedBody } from "./named-body.ts";
import { resolveRef } from "./resolve.ts";

let oc: OC;
let builder: ModelBuilder;
beforeAll(async () => {
  oc = await loadOC();
  builder = new ModelBuilder(oc);
});
afterAll(() => builder.dispose());

const BUILD_CODES: BuildErrorCode[] = [
  "NO_CLOSED_PROFILE",
  "SELF_INTERSECTING_PROFILE",
  "NO_BODY",
  "EMPTY_RESULT",
  "NOT_PLANAR",
  "REF_NOT_FOUND",
  "REF_CONSUMED",
  "REF_DELETED",
  "REF_AMBIGUOUS",
  "REF_SUPPRESSED",
  "REF_FAILED",
  "KERNEL_FAILURE",
  "TIMEOUT",
];

// ---- the tree ----------------------------------------------------------------------------

type BlockFace = "top" | "side:r1.right" | "side:r1.bottom";
interface Block {
  w: number;
  h: number;
  d: number;
}
interface Pocket {
  kind: "pocket" | "boss";
  id: number;
  face: BlockFace;
  u: number;
  v: number;
  a: number;
  b: number;
  depth: number;
  suppressed: boolean;
}
interface Blend {
  kind: "fillet" | "chamfer";
  id: number;
  edges: string[];
  size: number;
  suppressed: boolean;
}
type Step = Pocket | Blend;

const isPocket = (s: Step): s is Pocket => s.kind === "pocket" || s.kind === "boss";
interface Tree {
  block: Block;
  steps: Step[];
}

const BLOCK_EDGES = [
  "e1:side:r1.right|e1:top",
  "e1:side:r1.bottom|e1:top",
  "e1:side:r1.left|e1:top",
  "e1:side:r1.bottom|e1:side:r1.right",
  "e1:bottom|e1:side:r1.top",
];
const FACES: BlockFace[] = ["top", "side:r1.right", "side:r1.bottom"];

function randomTree(r: () => number): Tree {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const block = {
    w: 20 + Math.round(r() * 20),
    h: 15 + Math.round(r() * 15),
    d: 8 + Math.round(r() * 10),
  };
  const steps: Step[] = [];
  const n = 2 + Math.floor(r() * 4);
  for (let i = 0; i < n; i++) {
    const id = i + 2;
    const x = r();
    if (x < 0.6) {
      steps.push({
        kind: r() < 0.6 ? "pocket" : "boss",
        id,
        face: pick(FACES),
        u: 1 + Math.round(r() * 6),
        v: 1 + Math.round(r() * 4),
        a: 2 + Math.round(r() * 5),
        b: 2 + Math.round(r() * 3),
        depth: 1 + Math.round(r() * 3),
        suppressed: false,
      });
    } else {
      const edges = [pick(BLOCK_EDGES)];
      const pockets = steps.filter((s): s is Pocket => s.kind === "pocket");
      if (pockets.length && r() < 0.5) {
        const p = pick(pockets);
        edges.push(`e${p.id}:side:r${p.id}.top|e1:${p.face}`);
      }
      steps.push({
        kind: r() < 0.5 ? "fillet" : "chamfer",
        id,
        edges,
        size: 0.5 + Math.round(r() * 4) * 0.25,
        suppressed: false,
      });
    }
  }
  return { block, steps };
}

function sortedEdge(e: string): string {
  const [a, b] = e.split("|") as [string, string];
  return a < b ? `${a}|${b}` : `${b}|${a}`;
}

function modelOf(t: Tree): Model {
  const { w, h, d } = t.block;
  let xml = `<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="${w}" height="${h}"/></sketch>
    <extrude id="e1" sketch="s1" distance="${d}"/>`;
  for (const s of t.steps) {
    const sup = s.suppressed ? ` suppressed="true"` : "";
    if (isPocket(s)) {
      const dir = s.kind === "pocket" ? ` direction="reverse" op="cut"` : "";
      xml += `<sketch id="s${s.id}" plane="face:e1:${s.face}"><rect id="r${s.id}" x="${s.u}" y="${s.v}" width="${s.a}" height="${s.b}"/></sketch>
        <extrude id="e${s.id}" sketch="s${s.id}" distance="${s.depth}"${dir}${sup}/>`;
    } else {
      const edges = s.edges.map((e) => `edge:${sortedEdge(e)}`).join(" ");
      const size = s.kind === "fillet" ? `radius="${s.size}"` : `distance="${s.size}"`;
      xml += `<${s.kind} id="${s.kind[0]}${s.id}" edges="${edges}" ${size}${sup}/>`;
    }
  }
  return looseDoc(xml);
}

function mutate(t: Tree, r: () => number): Tree {
  const next: Tree = structuredClone(t);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const x = r();
  if (x < 0.3) {
    next.block = {
      w: next.block.w + Math.round((r() - 0.5) * 10),
      h: next.block.h + Math.round((r() - 0.5) * 8),
      d: next.block.d + Math.round((r() - 0.4) * 6),
    };
  } else if (x < 0.55 && next.steps.length) {
    const s = pick(next.steps);
    if (isPocket(s)) {
      s.a += Math.round((r() - 0.5) * 4) || 1;
      s.depth = Math.max(0.5, s.depth + Math.round((r() - 0.5) * 4));
    } else s.size = Math.max(0.25, s.size + (r() - 0.4) * 2);
  } else if (x < 0.8 && next.steps.length) {
    const s = pick(next.steps);
    s.suppressed = !s.suppressed;
  } else if (next.steps.length) {
    next.steps.splice(Math.floor(r() * next.steps.length), 1);
  }
  return next;
}

// ---- the oracle: planes from sketch semantics -------------------------------------------

interface Plane {
  n: Vec3;
  p: Vec3;
}

function blockFrame(b: Block, f: BlockFace): Frame {
  if (f === "top") return faceFrame([0, 0, 1], [0, 0, b.d]);
  if (f === "side:r1.right") return faceFrame([1, 0, 0], [b.w, 0, 0]);
  return faceFrame([0, -1, 0], [0, 0, 0]);
}

/** The plane a face name must lie on, when sketch semantics fix it (null otherwise). */
function expectedPlane(t: Tree, name: string): Plane | null {
  const { w, h, d } = t.block;
  const base = name.replace(/@\d+$/, "");
  const block: Record<string, Plane> = {
    "e1:top": { n: [0, 0, 1], p: [0, 0, d] },
    "e1:bottom": { n: [0, 0, 1], p: [0, 0, 0] },
    "e1:side:r1.bottom": { n: [0, 1, 0], p: [0, 0, 0] },
    "e1:side:r1.right": { n: [1, 0, 0], p: [w, 0, 0] },
    "e1:side:r1.top": { n: [0, 1, 0], p: [0, h, 0] },
    "e1:side:r1.left": { n: [1, 0, 0], p: [0, 0, 0] },
  };
  if (block[base]) return block[base];
  const m = /^e(\d+):(top|bottom|side:r\d+\.(bottom|right|top|left))$/.exec(base);
  if (!m) return null;
  const s = t.steps.find(
    (x): x is Pocket => (x.kind === "pocket" || x.kind === "boss") && x.id === Number(m[1]),
  );
  if (!s) return null;
  const f = blockFrame(t.block, s.face);
  const along = s.kind === "pocket" ? -s.depth : s.depth;
  if (m[2] === "bottom") return { n: f.normal, p: f.origin };
  if (m[2] === "top") return { n: f.normal, p: vadd(f.origin, vscale(f.normal, along)) };
  const side = m[3]!;
  if (side === "bottom") return { n: f.yDir, p: toWorld(f, s.u, s.v) };
  if (side === "top") return { n: f.yDir, p: toWorld(f, s.u, s.v + s.b) };
  if (side === "left") return { n: f.xDir, p: toWorld(f, s.u, s.v) };
  return { n: f.xDir, p: toWorld(f, s.u + s.a, s.v) };
}

const onPlane = (q: Vec3, pl: Plane): boolean =>
  Math.abs(vdot([q[0] - pl.p[0], q[1] - pl.p[1], q[2] - pl.p[2]], pl.n)) < 1e-6;

let oracleChecks = 0;

/** Check every face/edge a ref resolved to against the planes of its names. */
function checkOracle(t: Tree, body: NamedBody, ref: string, problems: string[]): void {
  const r = resolveRef(body, ref, "any");
  if (!r.ok) {
    problems.push(`${ref} did not resolve for a feature that built: ${r.error.code}`);
    return;
  }
  const name = ref.slice(5);
  oracleChecks++;
  if (ref.startsWith("face:")) {
    const pl = expectedPlane(t, name);
    for (const f of r.value.faces) {
      if (!pl) continue;
      const info = planeOf(oc, f.face.wrapped);
      const c = faceCentroid(oc, f.face.wrapped);
      if (!info || Math.abs(vdot(info.normal, pl.n)) < 1 - 1e-9 || !onPlane(c, pl)) {
        problems.push(`${ref} resolved to face:${f.name}, which is not on its plane`);
      }
    }
  } else {
    const [a, b] = name.replace(/#\d+$/, "").split("|") as [string, string];
    const planes = [expectedPlane(t, a), expectedPlane(t, b)].filter((p): p is Plane => p !== null);
    for (const e of r.value.edges) {
      const mid = edgeMidpoint(oc, e.edge.wrapped);
      for (const pl of planes)
        if (!onPlane(mid, pl))
          problems.push(`${ref} resolved to edge:${e.name}, off its faces' planes`);
    }
  }
}

function refsOf(m: Model): { index: number; refs: string[] }[] {
  return m.features.map((f, index) => {
    if (f.type === "sketch") return { index, refs: f.plane.startsWith("face:") ? [f.plane] : [] };
    if (f.type === "fillet" || f.type === "chamfer") return { index, refs: [...f.edges] };
    return { index, refs: [] };
  });
}

function checkModel(t: Tree, label: string): string[] {
  const problems: string[] = [];
  const m = modelOf(t);
  const built = builder.build(m);
  for (const st of built.features) {
    if (st.status === "error" && !BUILD_CODES.includes(st.error!.code)) {
      problems.push(`${label} ${st.id}: untyped error ${st.error!.code}`);
    }
  }
  if (built.body) problems.push(...nameProblems(oc, built.body).map((p) => `${label}: ${p}`));
  for (const { index, refs } of refsOf(m)) {
    if (!refs.length) continue;
    const st = built.features[index]!;
    const before = builder.build(m, { rollbackIndex: index }).body;
    if (st.status === "ok") {
      for (const ref of refs) if (before) checkOracle(t, before, ref, problems);
    } else if (st.status === "error" && st.error!.code.startsWith("REF_")) {
      // The typed error is real: one of its refs does not resolve there, with that code.
      const codes = refs.map((ref) => {
        const r = resolveRef(before, ref, "any", {
          featureStatus: Object.fromEntries(
            built.features.slice(0, index).map((f) => [f.id, f.status]),
          ),
          featureTypes: Object.fromEntries(built.features.map((f) => [f.id, f.type])),
        });
        return r.ok ? "ok" : r.error.code;
      });
      if (!codes.includes(st.error!.code))
        problems.push(`${label} ${st.id}: ${st.error!.code} but refs give ${codes.join(",")}`);
    }
  }
  return problems;
}

describe("seeded mutation corpus (R3.3, R4)", () => {
  it("[R3.3][R4] every ref resolves to the right face or raises a typed error, across random trees and edits", () => {
    const problems: string[] = [];
    const codes = new Map<string, number>();
    for (let seed = 1; seed <= 24; seed++) {
      const r = rng(seed);
      let t = randomTree(r);
      problems.push(...checkModel(t, `seed ${seed}`));
      for (let k = 0; k < 3; k++) {
        t = mutate(t, r);
        problems.push(...checkModel(t, `seed ${seed} edit ${k + 1}`));
        for (const f of builder.build(modelOf(t)).features) {
          const c = f.error?.code ?? f.status;
          codes.set(c, (codes.get(c) ?? 0) + 1);
        }
      }
    }
    expect(problems).toEqual([]);
    // The corpus exercises failures too, not only happy paths.
    expect(codes.get("ok")).toBeGreaterThan(50);
    expect(oracleChecks).toBeGreaterThan(100);
    expect([...codes.keys()].some((c) => c.startsWith("REF_"))).toBe(true);
  });

  it("[R2.2] an incremental build names exactly like a fresh one", () => {
    for (let seed = 101; seed <= 106; seed++) {
      const r = rng(seed);
      let t = randomTree(r);
      builder.build(modelOf(t));
      t = mutate(t, r);
      const incremental = builder.build(modelOf(t));
      const fresh = new ModelBuilder(oc);
      try {
        const clean = fresh.build(modelOf(t));
        expect(
          incremental.features.map((f) => `${f.id}:${f.status}:${f.error?.code ?? ""}`),
        ).toEqual(clean.features.map((f) => `${f.id}:${f.status}:${f.error?.code ?? ""}`));
        expect(incremental.body?.faces.map((f) => f.name)).toEqual(
          clean.body?.faces.map((f) => f.name),
        );
        expect(incremental.body?.edges.map((e) => e.name)).toEqual(
          clean.body?.edges.map((e) => e.name),
        );
      } finally {
        fresh.dispose();
      }
    }
  });
});
