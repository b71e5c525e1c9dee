/**
 * R4 parameter sweeps: as sketch sizes, extrude depths and revolve angles change, each stored ref
 * stays on the same logical face — checked against an oracle computed from sketch semantics
 * (a point the face must contain), never against OpenCascade's face order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ModelBuilder } from "../builder.ts";
import { distToFace, doc, nameProblems } from "../build/testing.ts";
import { loadOC, type OC } from "../oc/load.ts";
import type { Vec3 } from "../types.ts";
import type { NamedBody } from "./named-body.ts";
import { resolveRef } from "./resolve.ts";

let oc: OC;
let builder: ModelBuilder;
beforeAll(async () => {
  oc = await loadOC();
  builder = new ModelBuilder(oc);
});
afterAll(() => builder.dispose());

/** The ref resolves to exactly one face, and that face contains `p`. */
function expectRefAt(body: NamedBody, ref: string, p: Vec3): void {
  const r = resolveRef(body, ref, "faces");
  expect(r.ok, `${ref}: ${r.ok ? "" : r.error.message}`).toBe(true);
  if (!r.ok) return;
  expect(r.value.faces.length, ref).toBe(1);
  expect(
    distToFace(oc, body, r.value.faces[0]!.name, p),
    `${ref} should contain ${p.join(",")}`,
  ).toBeLessThan(1e-6);
}

describe("parameter sweeps (R4)", () => {
  it("[R4] rect sizes × extrude depth × direction: side:s contains the segment midpoint moved half the extrusion", () => {
    for (const [x, y, w, h] of [
      [0, 0, 10, 6],
      [-7, 3, 25, 4],
      [2, -9, 3, 17],
    ] as const) {
      for (const d of [1, 5.5, 20]) {
        for (const dir of ["normal", "reverse"] as const) {
          const m = builder.build(
            doc(`<sketch id="s1" plane="XY"><rect id="r1" x="${x}" y="${y}" width="${w}" height="${h}"/></sketch>
              <extrude id="e1" sketch="s1" distance="${d}" direction="${dir}"/>`),
          );
          const b = m.body!;
          expect(nameProblems(oc, b)).toEqual([]);
          const s = dir === "normal" ? 1 : -1;
          const mid = (d / 2) * s;
          expectRefAt(b, "face:e1:side:r1.bottom", [x + w / 2, y, mid]);
          expectRefAt(b, "face:e1:side:r1.right", [x + w, y + h / 2, mid]);
          expectRefAt(b, "face:e1:side:r1.top", [x + w / 2, y + h, mid]);
          expectRefAt(b, "face:e1:side:r1.left", [x, y + h / 2, mid]);
          expectRefAt(b, "face:e1:top", [x + w / 2, y + h / 2, d * s]);
          expectRefAt(b, "face:e1:bottom", [x + w / 2, y + h / 2, 0]);
        }
      }
    }
  });

  it("[R4][D4.1] a hole sketched on the top face follows it as the block and the hole change", () => {
    for (const d of [6, 10, 14]) {
      for (const [cx, cy, r] of [
        [5, 5, 1],
        [12, 4, 2.5],
      ] as const) {
        const depth = d / 3;
        const m = builder.build(
          doc(`<sketch id="s1" plane="XY"><rect id="r1" x="0" y="0" width="20" height="10"/></sketch>
            <extrude id="e1" sketch="s1" distance="${d}"/>
            <sketch id="s2" plane="face:e1:top"><circle id="c1" cx="${cx}" cy="${cy}" r="${r}"/></sketch>
            <extrude id="e2" sketch="s2" distance="${depth}" direction="reverse" op="cut"/>
            <fillet id="f1" edges="edge:e1:side:r1.right|e1:top" radius="1"/>`),
        );
        expect(m.features.every((f) => f.status === "ok")).toBe(true);
        const b = m.body!;
        expect(nameProblems(oc, b)).toEqual([]);
        expectRefAt(b, "face:e2:side:c1", [cx + r, cy, d - depth / 2]);
        expectRefAt(b, "face:e2:top", [cx, cy, d - depth]);
        expectRefAt(b, "face:e1:top", [1, 1, d]);
        // The fillet's blend contains the arc's 45° point.
        const k = 1 - Math.SQRT1_2;
        expectRefAt(b, "face:f1:blend[e1:side:r1.right|e1:top]", [20 - k, 5, d - k]);
      }
    }
  });

  it("[R4] revolve angle: start, end and sides stay put as the angle changes", () => {
    for (const angle of [30, 90, 135, 270, 359]) {
      const m = builder.build(
        doc(`<sketch id="s1" plane="XZ"><rect id="r1" x="10" y="0" width="5" height="4"/></sketch>
          <revolve id="v1" sketch="s1" axis="y" angle="${angle}"/>`),
      );
      const b = m.body!;
      expect(nameProblems(oc, b)).toEqual([]);
      const a = (angle * Math.PI) / 180;
      const h = a / 2;
      expectRefAt(b, "face:v1:start", [12.5, 0, 2]);
      expectRefAt(b, "face:v1:end", [12.5 * Math.cos(a), 12.5 * Math.sin(a), 2]);
      expectRefAt(b, "face:v1:side:r1.right", [15 * Math.cos(h), 15 * Math.sin(h), 2]);
      expectRefAt(b, "face:v1:side:r1.left", [10 * Math.cos(h), 10 * Math.sin(h), 2]);
      expectRefAt(b, "face:v1:side:r1.top", [12.5 * Math.cos(h), 12.5 * Math.sin(h), 4]);
    }
  });

  it("[R4] polyline point moves keep each segment's face (bracket-like L profile)", () => {
    for (const t of [4, 6, 9]) {
      for (const leg of [40, 60]) {
        const m = builder.build(
          doc(`<sketch id="s1" plane="XZ"><polyline id="p1" points="0,0 ${leg},0 ${leg},${t} ${t},${t} ${t},40 0,40" closed="true"/></sketch>
            <extrude id="e1" sketch="s1" distance="30" direction="symmetric"/>`),
        );
        const b = m.body!;
        expect(nameProblems(oc, b)).toEqual([]);
        // p1.2 runs (leg,t)→(t,t): the top of the horizontal leg; p1.3 the inner upright face.
        expectRefAt(b, "face:e1:side:p1.2", [(leg + t) / 2, 0, t]);
        expectRefAt(b, "face:e1:side:p1.3", [t, 0, (t + 40) / 2]);
        expectRefAt(b, "face:e1:top", [t / 2, -15, 20]); // XZ normal is −Y: top at y = −15
      }
    }
  });
});
