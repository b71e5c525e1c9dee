/**
 * The body in the scene: shaded faces, edge lines, hover and selection overlays, and picking
 * (faces through a BVH over the triangles, edges by screen distance to their polylines).
 */
import * as THREE from "three";
import type { MeshBVH } from "three-mesh-bvh";
import { LineMaterial } from "three/examples/jsm/lines/LineMaterial.js";
import { LineSegments2 } from "three/examples/jsm/lines/LineSegments2.js";
import { LineSegmentsGeometry } from "three/examples/jsm/lines/LineSegmentsGeometry.js";
import type { BodyMesh } from "@kerf/kernel";
import { edgeSegmentPositions, faceTriangles, indexBody, type BodyIndex } from "./body-index.ts";
import { nearestSegment } from "./edge-pick.ts";
import { buildBVH } from "./bvh-worker.ts";

export type PickHit =
  | { kind: "face"; ref: string; point: THREE.Vector3; normal: THREE.Vector3 | null }
  | { kind: "edge"; ref: string; point: THREE.Vector3 };

export const COLORS = {
  body: 0xbcc6d0,
  edge: 0x20262e,
  hover: 0xf59e0b,
  selected: 0x3d7fe0,
  preview: 0x3fb950,
};

/** Pixels within which the pointer snaps to an edge rather than the face under it. */
const EDGE_PICK_PX = 6;

export class BodyView {
  readonly group = new THREE.Group();
  readonly index: BodyIndex;
  /** The picking BVH; null while a worker builds it (faces are not pickable until then). */
  bvh: MeshBVH | null = null;
  /** Resolves when faces can be picked. */
  readonly pickable: Promise<void>;
  private disposed = false;
  readonly sphere = new THREE.Sphere();
  private readonly geometry = new THREE.BufferGeometry();
  private readonly mesh: THREE.Mesh;
  private readonly edges: LineSegments2;
  private readonly lineMaterials: LineMaterial[] = [];
  private readonly hoverFace: THREE.Mesh;
  private readonly previewFaces: THREE.Mesh;
  private readonly selectedFaces: THREE.Mesh;
  private readonly hoverEdge: LineSegments2;
  private readonly selectedEdges: LineSegments2;
  private readonly ray = new THREE.Raycaster();

  constructor(
    readonly data: BodyMesh,
    private readonly resolution: THREE.Vector2,
    options: { preview?: boolean } = {},
  ) {
    this.index = indexBody(data);
    const position = new THREE.BufferAttribute(data.positions, 3);
    const normal = new THREE.BufferAttribute(data.normals, 3);
    this.geometry.setAttribute("position", position);
    this.geometry.setAttribute("normal", normal);
    this.geometry.setIndex(new THREE.BufferAttribute(data.indices, 1));
    this.geometry.computeBoundingSphere();
    this.geometry.computeBoundingBox();
    this.sphere.copy(this.geometry.boundingSphere ?? new THREE.Sphere());
    // Indirect: the BVH sorts its own index array, so triangle numbers (and the face ranges
    // that refer to them) stay as the kernel sent them.
    const bvh = buildBVH(data.positions, data.indices);
    if (bvh instanceof Promise) {
      this.pickable = bvh.then((b) => {
        if (!this.disposed) this.bvh = b;
      });
    } else {
      this.bvh = bvh;
      this.pickable = Promise.resolve();
    }

    const bodyMaterial = new THREE.MeshStandardMaterial({
      color: options.preview ? COLORS.preview : COLORS.body,
      metalness: 0.05,
      roughness: 0.6,
      side: THREE.DoubleSide,
      polygonOffset: true,
      polygonOffsetFactor: 2,
      polygonOffsetUnits: 4,
    });
    this.mesh = new THREE.Mesh(this.geometry, bodyMaterial);
    this.group.add(this.mesh);

    const edgeGeometry = new LineSegmentsGeometry();
    edgeGeometry.setPositions(this.index.segments);
    this.edges = new LineSegments2(edgeGeometry, this.lineMaterial(COLORS.edge, 1.3));
    this.group.add(this.edges);

    this.previewFaces = this.overlayMesh(COLORS.preview, 0.55);
    this.selectedFaces = this.overlayMesh(COLORS.selected, 1);
    this.hoverFace = this.overlayMesh(COLORS.hover, 0.6);
    this.selectedEdges = new LineSegments2(
      new LineSegmentsGeometry(),
      this.lineMaterial(COLORS.selected, 3.5),
    );
    this.hoverEdge = new LineSegments2(
      new LineSegmentsGeometry(),
      this.lineMaterial(COLORS.hover, 4),
    );
    this.selectedEdges.renderOrder = 2;
    this.hoverEdge.renderOrder = 3;
    this.group.add(
      this.previewFaces,
      this.selectedFaces,
      this.hoverFace,
      this.selectedEdges,
      this.hoverEdge,
    );
    this.selectedEdges.visible = false;
    this.hoverEdge.visible = false;
  }

  get triangleCount(): number {
    return this.index.triangleCount;
  }

  private lineMaterial(color: number, width: number): LineMaterial {
    const m = new LineMaterial({ color, linewidth: width, worldUnits: false });
    m.resolution.copy(this.resolution);
    this.lineMaterials.push(m);
    return m;
  }

  private overlayMesh(color: number, opacity: number): THREE.Mesh {
    const g = new THREE.BufferGeometry();
    g.setAttribute("position", this.geometry.getAttribute("position"));
    g.setAttribute("normal", this.geometry.getAttribute("normal"));
    g.setIndex(new THREE.BufferAttribute(new Uint32Array(0), 1));
    const m = new THREE.MeshStandardMaterial({
      color,
      emissive: color,
      emissiveIntensity: 0.3,
      metalness: 0.1,
      roughness: 0.6,
      side: THREE.DoubleSide,
      transparent: opacity < 1,
      opacity,
      depthWrite: false,
      polygonOffset: true,
      polygonOffsetFactor: 0,
      polygonOffsetUnits: 0,
    });
    const mesh = new THREE.Mesh(g, m);
    mesh.visible = false;
    mesh.renderOrder = 1;
    return mesh;
  }

  setResolution(width: number, height: number): void {
    this.resolution.set(width, height);
    for (const m of this.lineMaterials) m.resolution.set(width, height);
  }

  setHover(ref: string | null): void {
    const face = ref?.startsWith("face:") ? [ref] : [];
    const edge = ref?.startsWith("edge:") ? [ref] : [];
    this.updateFaces(this.hoverFace, face);
    this.updateEdges(this.hoverEdge, edge);
  }

  /** Faces made by the feature being previewed, tinted. */
  setPreview(refs: readonly string[]): void {
    this.updateFaces(this.previewFaces, [...refs]);
  }

  setSelection(refs: readonly string[]): void {
    this.updateFaces(
      this.selectedFaces,
      refs.filter((r) => r.startsWith("face:")),
    );
    this.updateEdges(
      this.selectedEdges,
      refs.filter((r) => r.startsWith("edge:")),
    );
  }

  private updateFaces(target: THREE.Mesh, refs: string[]): void {
    const tris = refs.length ? faceTriangles(this.data, this.index, refs) : new Uint32Array(0);
    target.geometry.setIndex(new THREE.BufferAttribute(tris, 1));
    target.visible = tris.length > 0;
  }

  private updateEdges(target: LineSegments2, refs: string[]): void {
    const segs = refs.length ? edgeSegmentPositions(this.index, refs) : new Float32Array(0);
    if (segs.length === 0) {
      target.visible = false;
      return;
    }
    const g = new LineSegmentsGeometry();
    g.setPositions(segs);
    target.geometry.dispose();
    target.geometry = g;
    target.visible = true;
  }

  /**
   * What is under the pointer: an edge within a few pixels (not hidden behind a face) wins over
   * the face.
   * @param ndc pointer in normalised device coordinates
   * @param px pointer in CSS pixels; width/height of the viewport in CSS pixels
   */
  pick(
    camera: THREE.Camera,
    ndc: THREE.Vector2,
    px: { x: number; y: number; width: number; height: number },
    kinds: { faces: boolean; edges: boolean } = { faces: true, edges: true },
  ): PickHit | null {
    this.ray.setFromCamera(ndc, camera);
    const hit = this.bvh?.raycastFirst(this.ray.ray, THREE.DoubleSide) ?? null;
    const viewDir = new THREE.Vector3();
    camera.getWorldDirection(viewDir);
    const camPos = camera.getWorldPosition(new THREE.Vector3());
    const faceDepth = hit ? hit.point.clone().sub(camPos).dot(viewDir) : Infinity;
    if (kinds.edges) {
      const m = new THREE.Matrix4().multiplyMatrices(
        camera.projectionMatrix,
        camera.matrixWorldInverse,
      );
      const tol = Math.max(1e-4, this.sphere.radius * 2e-3);
      const p = new THREE.Vector3();
      const edgeHit = nearestSegment(
        this.index.segments,
        m.elements,
        px.width,
        px.height,
        px.x,
        px.y,
        EDGE_PICK_PX,
        (h) => p.fromArray(h.point).sub(camPos).dot(viewDir) <= faceDepth + tol,
      );
      if (edgeHit) {
        const edge = this.index.segmentEdge[edgeHit.segment] ?? 0;
        return {
          kind: "edge",
          ref: this.index.edgeRefs[edge] ?? "",
          point: new THREE.Vector3().fromArray(edgeHit.point),
        };
      }
    }
    if (kinds.faces && hit && hit.faceIndex !== undefined && hit.faceIndex !== null) {
      const face = this.index.triangleFace[hit.faceIndex] ?? 0;
      return {
        kind: "face",
        ref: this.index.faceRefs[face] ?? "",
        point: hit.point.clone(),
        normal: hit.face?.normal?.clone() ?? null,
      };
    }
    return null;
  }

  dispose(): void {
    this.disposed = true;
    this.group.traverse((o) => {
      if (o instanceof THREE.Mesh || o instanceof LineSegments2) {
        if (o.geometry !== this.geometry) o.geometry.dispose();
      }
    });
    this.geometry.dispose();
    (this.mesh.material as THREE.Material).dispose();
    (this.hoverFace.material as THREE.Material).dispose();
    (this.selectedFaces.material as THREE.Material).dispose();
    (this.previewFaces.material as THREE.Material).dispose();
    for (const m of this.lineMaterials) m.dispose();
  }
}
