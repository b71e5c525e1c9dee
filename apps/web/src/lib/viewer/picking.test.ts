import { describe, expect, it } from "vitest";
import * as THREE from "three";
import { BodyView } from "./body-view.ts";
import { boxMesh } from "./box-mesh.testing.ts";
import { indexBody, faceTriangles } from "./body-index.ts";
import { nearestSegment } from "./edge-pick.ts";

const W = 800;
const H = 600;

function camera(dir: [number, number, number]): THREE.OrthographicCamera {
  const c = new THREE.OrthographicCamera(-40, 40, 30, -30, 0.1, 1000);
  c.up.set(0, 0, 1);
  c.position.set(...dir).multiplyScalar(200);
  c.lookAt(0, 0, 5);
  c.updateMatrixWorld();
  c.updateProjectionMatrix();
  return c;
}

function screenOf(c: THREE.Camera, p: [number, number, number]) {
  const v = new THREE.Vector3(...p).project(c);
  return { x: ((v.x + 1) / 2) * W, y: ((1 - v.y) / 2) * H, ndc: new THREE.Vector2(v.x, v.y) };
}

function pickAt(view: BodyView, c: THREE.Camera, p: [number, number, number]) {
  const s = screenOf(c, p);
  return view.pick(c, s.ndc, { x: s.x, y: s.y, width: W, height: H });
}

const box = (n: number) => boxMesh([-20, -10, 0], [20, 10, 10], n);

describe("body index", () => {
  it("maps every triangle to its face range and collects face triangles", () => {
    const mesh = box(2);
    const idx = indexBody(mesh);
    expect(idx.triangleCount).toBe(6 * 8);
    expect(idx.faceRefs[idx.triangleFace[0]!]).toBe("face:e1:bottom");
    expect(idx.faceRefs[idx.triangleFace[47]!]).toBe("face:e1:side:r1.left");
    expect(faceTriangles(mesh, idx, ["face:e1:top"]).length).toBe(8 * 3);
    expect(idx.edgeRefs).toHaveLength(12);
  });
});

describe("picking", () => {
  const mesh = box(1);
  const view = new BodyView(mesh, new THREE.Vector2(W, H));
  const iso = camera([1, -1, 1]);

  it("picks the face under the pointer through the BVH", () => {
    expect(pickAt(view, iso, [0, 0, 10])).toMatchObject({ kind: "face", ref: "face:e1:top" });
    expect(pickAt(view, iso, [0, -10, 5])).toMatchObject({
      kind: "face",
      ref: "face:e1:side:r1.bottom",
    });
  });

  it("an edge within a few pixels wins over the face", () => {
    const hit = pickAt(view, iso, [0, -10, 10]);
    expect(hit).toMatchObject({ kind: "edge", ref: "edge:e1:side:r1.bottom|e1:top" });
  });

  it("a hidden edge behind the body is not picked", () => {
    // The bottom-back edge is behind the body when seen from above the front.
    const c = camera([0, -1, 0.3]);
    const hit = pickAt(view, c, [0, 10, 0]);
    expect(hit?.ref).not.toBe("edge:e1:bottom|e1:side:r1.top");
  });

  it("nothing off the body", () => {
    const s = { x: 2, y: 2 };
    const ndc = new THREE.Vector2((s.x / W) * 2 - 1, 1 - (s.y / H) * 2);
    expect(view.pick(iso, ndc, { ...s, width: W, height: H })).toBeNull();
  });

  it("edge search is by screen distance", () => {
    const segs = new Float32Array([0, 0, 0, 10, 0, 0]);
    const m = new THREE.Matrix4(); // identity: x,y in NDC
    const hit = nearestSegment(segs, m.elements, 200, 200, 150, 101, 3);
    expect(hit?.segment).toBe(0);
    expect(nearestSegment(segs, m.elements, 200, 200, 150, 110, 3)).toBeNull();
  });

  it("stays fast on a body of 200k+ triangles", () => {
    const dense = box(130); // 6 × 130² × 2 = 202,800 triangles
    const t0 = performance.now();
    const big = new BodyView(dense, new THREE.Vector2(W, H));
    const buildMs = performance.now() - t0;
    expect(big.triangleCount).toBeGreaterThanOrEqual(200_000);
    const times: number[] = [];
    for (let i = 0; i < 200; i++) {
      const p: [number, number, number] = [-18 + (i % 20) * 1.8, -9 + Math.floor(i / 20) * 1.8, 10];
      const t = performance.now();
      const hit = pickAt(big, iso, p);
      times.push(performance.now() - t);
      expect(hit).not.toBeNull();
    }
    times.sort((a, b) => a - b);
    const median = times[100]!;
    console.log(
      `200k-triangle body: BVH build ${buildMs.toFixed(0)} ms, pick median ${median.toFixed(3)} ms, max ${times.at(-1)!.toFixed(3)} ms`,
    );
    expect(median).toBeLessThan(5);
  });
});
