/**
 * Sketch drawing in the viewport: the sketch being edited (entities, the rubber-band preview,
 * the snap marker, its plane grid and axes) and the other visible sketches as thin lines.
 */
import * as THREE from "three";
import { LineMaterial } from "three/examples/jsm/lines/LineMaterial.js";
import { LineSegments2 } from "three/examples/jsm/lines/LineSegments2.js";
import { LineSegmentsGeometry } from "three/examples/jsm/lines/LineSegmentsGeometry.js";
import type { SketchEntity } from "@kerf/document";
import type { Frame } from "@kerf/kernel";
import { outline, type Vec2 } from "../sketch/geometry.ts";
import type { EntityDraft } from "../sketch/tools.ts";

export const SKETCH_COLORS = {
  entity: 0x1f5fbf,
  construction: 0x8a96a3,
  selected: 0xf59e0b,
  hover: 0xff7a00,
  preview: 0x2f7bf5,
  passive: 0x4a6d8c,
};

function frameMatrix(f: Frame): THREE.Matrix4 {
  const m = new THREE.Matrix4().makeBasis(
    new THREE.Vector3(...f.xDir),
    new THREE.Vector3(...f.yDir),
    new THREE.Vector3(...f.normal),
  );
  m.setPosition(new THREE.Vector3(...f.origin));
  return m;
}

function segmentsOf(e: SketchEntity | EntityDraft): number[] {
  const out: number[] = [];
  for (const line of outline(e as SketchEntity)) {
    for (let i = 0; i + 1 < line.length; i++) {
      const a = line[i]!;
      const b = line[i + 1]!;
      out.push(a[0], a[1], 0, b[0], b[1], 0);
    }
  }
  return out;
}

export class SketchLayer {
  readonly group = new THREE.Group();
  private readonly materials: LineMaterial[] = [];
  private readonly plane = new THREE.Group();
  private readonly content = new THREE.Group();
  private readonly previewGroup = new THREE.Group();
  private readonly marker: THREE.Mesh;
  private frame: Frame | null = null;

  constructor(private readonly resolution: THREE.Vector2) {
    this.group.add(this.plane, this.content, this.previewGroup);
    this.group.matrixAutoUpdate = false;
    this.marker = new THREE.Mesh(
      new THREE.RingGeometry(0.6, 1, 24),
      new THREE.MeshBasicMaterial({ color: 0xff7a00, depthTest: false, side: THREE.DoubleSide }),
    );
    this.marker.renderOrder = 20;
    this.marker.visible = false;
    this.group.add(this.marker);
  }

  private material(color: number, width: number, dashed = false): LineMaterial {
    const m = new LineMaterial({ color, linewidth: width, worldUnits: false, dashed });
    if (dashed) {
      m.dashSize = 2;
      m.gapSize = 1.5;
      m.dashScale = 1;
    }
    m.depthTest = false;
    m.resolution.copy(this.resolution);
    this.materials.push(m);
    return m;
  }

  setResolution(w: number, h: number): void {
    for (const m of this.materials) m.resolution.set(w, h);
  }

  private lines(positions: number[], color: number, width: number, dashed = false): LineSegments2 {
    const g = new LineSegmentsGeometry();
    g.setPositions(positions);
    const l = new LineSegments2(g, this.material(color, width, dashed));
    if (dashed) l.computeLineDistances();
    l.renderOrder = 10;
    return l;
  }

  private clear(group: THREE.Group): void {
    for (const child of [...group.children]) {
      group.remove(child);
      if (child instanceof LineSegments2) {
        child.geometry.dispose();
        const m = child.material as LineMaterial;
        m.dispose();
        const i = this.materials.indexOf(m);
        if (i >= 0) this.materials.splice(i, 1);
      } else if (child instanceof THREE.Mesh || child instanceof THREE.LineSegments) {
        child.geometry.dispose();
        (child.material as THREE.Material).dispose();
      }
    }
  }

  /** Place the layer on a frame and draw its grid (`step` mm, `extent` half-size in mm). */
  setFrame(frame: Frame | null, step = 10, extent = 100): void {
    this.frame = frame;
    this.clear(this.plane);
    this.group.visible = !!frame;
    if (!frame) return;
    this.group.matrix.copy(frameMatrix(frame));
    this.group.matrixWorldNeedsUpdate = true;
    const half = Math.ceil(extent / step) * step;
    const minor: number[] = [];
    const major: number[] = [];
    const n = Math.round(half / step);
    for (let i = -n; i <= n; i++) {
      const v = i * step;
      const target = i % 5 === 0 ? major : minor;
      if (i === 0) continue;
      target.push(v, -half, 0, v, half, 0, -half, v, 0, half, v, 0);
    }
    const plane = new THREE.Mesh(
      new THREE.PlaneGeometry(half * 2, half * 2),
      new THREE.MeshBasicMaterial({
        color: 0xe8f0fb,
        transparent: true,
        opacity: 0.35,
        depthWrite: false,
        side: THREE.DoubleSide,
      }),
    );
    plane.renderOrder = 5;
    this.plane.add(plane);
    const gridMat = (opacity: number) =>
      new THREE.LineBasicMaterial({
        color: 0x8fa6c2,
        transparent: true,
        opacity,
        depthTest: false,
      });
    const gm = new THREE.BufferGeometry();
    gm.setAttribute("position", new THREE.Float32BufferAttribute(minor, 3));
    const gM = new THREE.BufferGeometry();
    gM.setAttribute("position", new THREE.Float32BufferAttribute(major, 3));
    const minorLines = new THREE.LineSegments(gm, gridMat(0.25));
    const majorLines = new THREE.LineSegments(gM, gridMat(0.5));
    minorLines.renderOrder = majorLines.renderOrder = 6;
    this.plane.add(minorLines, majorLines);
    const xAxis = this.lines([-half, 0, 0, half, 0, 0], 0xd64545, 1.5);
    const yAxis = this.lines([0, -half, 0, 0, half, 0], 0x3aa35b, 1.5);
    this.plane.add(xAxis, yAxis);
  }

  get currentFrame(): Frame | null {
    return this.frame;
  }

  /** Draw the sketch's entities; `selected`/`hovered` are entity ids. */
  setEntities(
    entities: readonly SketchEntity[],
    selected: ReadonlySet<string>,
    hovered: string | null,
  ): void {
    this.clear(this.content);
    const groups = new Map<
      string,
      { color: number; width: number; dashed: boolean; pos: number[] }
    >();
    for (const e of entities) {
      const state = selected.has(e.id)
        ? "selected"
        : hovered === e.id
          ? "hover"
          : e.construction
            ? "construction"
            : "entity";
      const color = SKETCH_COLORS[state];
      const key = state;
      let g = groups.get(key);
      if (!g) {
        g = {
          color,
          width: state === "entity" || state === "construction" ? 2 : 3,
          dashed: state === "construction",
          pos: [],
        };
        groups.set(key, g);
      }
      g.pos.push(...segmentsOf(e));
    }
    for (const g of groups.values()) {
      if (g.pos.length) this.content.add(this.lines(g.pos, g.color, g.width, g.dashed));
    }
    // Points (ends and centres) as small squares.
    const dots: number[] = [];
    for (const e of entities) {
      for (const line of outline(e, 4)) {
        const a = line[0];
        const b = line[line.length - 1];
        if (a) dots.push(a[0], a[1]);
        if (b && e.type !== "circle") dots.push(b[0], b[1]);
      }
      if (e.type === "circle" || e.type === "arc") dots.push(e.cx, e.cy);
    }
    if (dots.length) {
      const g = new THREE.BufferGeometry();
      const pos: number[] = [];
      for (let i = 0; i < dots.length; i += 2) pos.push(dots[i]!, dots[i + 1]!, 0);
      g.setAttribute("position", new THREE.Float32BufferAttribute(pos, 3));
      const pts = new THREE.Points(
        g,
        new THREE.PointsMaterial({
          color: 0x1f3b63,
          size: 5,
          sizeAttenuation: false,
          depthTest: false,
        }),
      );
      pts.renderOrder = 11;
      this.content.add(pts);
    }
  }

  /** The rubber-band entity of the active tool, and the clicked points so far. */
  setPreview(draft: EntityDraft | null, points: readonly Vec2[]): void {
    this.clear(this.previewGroup);
    if (draft) {
      this.previewGroup.add(
        this.lines(segmentsOf(draft), SKETCH_COLORS.preview, 2, draft.construction),
      );
    }
    if (points.length > 1) {
      const pos: number[] = [];
      for (let i = 0; i + 1 < points.length; i++) {
        pos.push(points[i]![0], points[i]![1], 0, points[i + 1]![0], points[i + 1]![1], 0);
      }
      this.previewGroup.add(this.lines(pos, SKETCH_COLORS.preview, 2));
    }
  }

  /** Snap marker at a point, sized in pixels. */
  setMarker(p: Vec2 | null, kind: "point" | "grid" | "free", pixel: number): void {
    this.marker.visible = !!p;
    if (!p) return;
    const s = (kind === "point" ? 7 : 4) * pixel;
    this.marker.position.set(p[0], p[1], 0);
    this.marker.scale.set(s, s, s);
    (this.marker.material as THREE.MeshBasicMaterial).color.set(
      kind === "point" ? 0xff7a00 : 0x2f7bf5,
    );
  }
}

/** Other sketches (not being edited) drawn as thin lines in their own frames. */
export class PassiveSketches {
  readonly group = new THREE.Group();
  private readonly materials: LineMaterial[] = [];

  constructor(private readonly resolution: THREE.Vector2) {}

  setResolution(w: number, h: number): void {
    for (const m of this.materials) m.resolution.set(w, h);
  }

  set(sketches: { frame: Frame; entities: readonly SketchEntity[]; highlighted: boolean }[]): void {
    for (const child of [...this.group.children]) {
      this.group.remove(child);
      if (child instanceof LineSegments2) child.geometry.dispose();
    }
    for (const m of this.materials) m.dispose();
    this.materials.length = 0;
    for (const s of sketches) {
      const pos: number[] = [];
      for (const e of s.entities) pos.push(...segmentsOf(e));
      if (!pos.length) continue;
      const g = new LineSegmentsGeometry();
      g.setPositions(pos);
      const m = new LineMaterial({
        color: s.highlighted ? SKETCH_COLORS.selected : SKETCH_COLORS.passive,
        linewidth: s.highlighted ? 2.5 : 1.5,
        worldUnits: false,
      });
      m.resolution.copy(this.resolution);
      this.materials.push(m);
      const l = new LineSegments2(g, m);
      l.matrixAutoUpdate = false;
      l.matrix.copy(frameMatrix(s.frame));
      l.renderOrder = 4;
      this.group.add(l);
    }
  }
}
