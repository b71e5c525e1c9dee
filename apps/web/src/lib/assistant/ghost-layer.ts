/**
 * The proposal drawn over the current part in the viewport: the proposed body as a ghost (faint
 * surface and edges seen through the current part), its new faces in green and changed faces in
 * amber. Modes: both (ghost over the current part), proposed (the proposal alone, solid),
 * current (the ghost hidden). Lives in the viewport's overlay group; owns its GPU objects.
 */
import * as THREE from "three";
import type { BodyMesh } from "@kerf/kernel";
import { faceTriangles, indexBody } from "../viewer/body-index.ts";
import type { Viewport } from "../viewer/viewport.ts";
import type { GhostMode } from "./assistant.svelte.ts";

export const GHOST_COLORS = {
  ghost: 0x7c5cff,
  edge: 0x5b3fd6,
  added: 0x2ea043,
  changed: 0xe3a008,
};

export interface GhostState {
  mesh: BodyMesh | null;
  added: readonly string[];
  changed: readonly string[];
  mode: GhostMode;
}

export class GhostLayer {
  readonly group = new THREE.Group();
  #data: BodyMesh | null = null;
  #parts: THREE.Object3D[] = [];

  constructor(private readonly viewport: Viewport) {
    this.group.name = "assistant-ghost";
    viewport.overlay.add(this.group);
  }

  set(state: GhostState): void {
    const show = state.mesh !== null && state.mode !== "current";
    this.viewport.setBodyVisible(!(state.mesh && state.mode === "proposed"));
    this.#clear();
    this.#data = state.mesh;
    if (show && state.mesh) this.#build(state.mesh, state.added, state.changed, state.mode);
    this.group.visible = show;
    this.viewport.requestRender();
  }

  /** Shown proposal's mesh, if any (for tests through the debug handle). */
  get mesh(): BodyMesh | null {
    return this.#data;
  }

  #build(
    mesh: BodyMesh,
    added: readonly string[],
    changed: readonly string[],
    mode: GhostMode,
  ): void {
    const solid = mode === "proposed";
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute("position", new THREE.BufferAttribute(mesh.positions, 3));
    geometry.setAttribute("normal", new THREE.BufferAttribute(mesh.normals, 3));
    geometry.setIndex(new THREE.BufferAttribute(mesh.indices, 1));
    const surface = new THREE.Mesh(
      geometry,
      new THREE.MeshStandardMaterial({
        color: solid ? 0xc9c2ee : GHOST_COLORS.ghost,
        metalness: 0.05,
        roughness: 0.6,
        // Seen through the current part, only the faces turned to the viewer are drawn, so the
        // far side of the ghost does not cloud the near one.
        side: solid ? THREE.DoubleSide : THREE.FrontSide,
        transparent: !solid,
        opacity: solid ? 1 : 0.16,
        depthWrite: solid,
        depthTest: solid,
        polygonOffset: true,
        polygonOffsetFactor: 2,
        polygonOffsetUnits: 4,
      }),
    );
    surface.renderOrder = 20;
    this.#add(surface);

    const index = indexBody(mesh);
    const highlight = (refs: readonly string[], color: number, opacity: number): void => {
      if (!refs.length) return;
      const tris = faceTriangles(mesh, index, refs);
      if (!tris.length) return;
      const g = new THREE.BufferGeometry();
      g.setAttribute("position", geometry.getAttribute("position"));
      g.setAttribute("normal", geometry.getAttribute("normal"));
      g.setIndex(new THREE.BufferAttribute(tris, 1));
      const m = new THREE.Mesh(
        g,
        new THREE.MeshStandardMaterial({
          color,
          emissive: color,
          emissiveIntensity: 0.35,
          side: solid ? THREE.DoubleSide : THREE.FrontSide,
          transparent: true,
          opacity: solid ? 0.85 : opacity,
          depthWrite: false,
          depthTest: solid,
        }),
      );
      m.renderOrder = 21;
      this.#add(m);
    };
    highlight(changed, GHOST_COLORS.changed, 0.3);
    highlight(added, GHOST_COLORS.added, 0.6);

    const edgeGeometry = new THREE.BufferGeometry();
    edgeGeometry.setAttribute("position", new THREE.BufferAttribute(index.segments, 3));
    const edges = new THREE.LineSegments(
      edgeGeometry,
      new THREE.LineBasicMaterial({
        color: solid ? 0x20262e : GHOST_COLORS.edge,
        transparent: !solid,
        opacity: solid ? 1 : 0.9,
        depthTest: solid,
      }),
    );
    edges.renderOrder = 22;
    this.#add(edges);
  }

  #add(o: THREE.Object3D): void {
    this.#parts.push(o);
    this.group.add(o);
  }

  #clear(): void {
    for (const o of this.#parts) {
      this.group.remove(o);
      if (o instanceof THREE.Mesh || o instanceof THREE.LineSegments) {
        // Highlight meshes share the surface's attributes; disposing twice is harmless.
        (o.geometry as THREE.BufferGeometry).dispose();
        (o.material as THREE.Material).dispose();
      }
    }
    this.#parts = [];
  }

  dispose(): void {
    this.#clear();
    this.viewport.overlay.remove(this.group);
    this.viewport.setBodyVisible(true);
    this.viewport.requestRender();
  }
}
