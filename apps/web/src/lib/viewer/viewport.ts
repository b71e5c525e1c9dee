/**
 * The 3D viewport: renderer, Z-up orthographic camera with orbit/pan/zoom, lights, grid, the body,
 * the navigation cube and an optional sketch layer. Renders on demand only.
 */
import * as THREE from "three";
import { OrbitControls } from "three/examples/jsm/controls/OrbitControls.js";
import type { BodyMesh } from "@kerf/kernel";
import { BodyView, type PickHit } from "./body-view.ts";
import { PassiveSketches, SketchLayer } from "./sketch-layer.ts";
import { VIEW_DIRECTIONS, ViewCube, type ViewName } from "./view-cube.ts";
import type { Frame } from "@kerf/kernel";
import { toPlane, type Vec2 } from "../sketch/geometry.ts";

export type { PickHit, ViewName };

/** Half the visible height of the frustum at zoom 1, in mm. */
const BASE_HALF_HEIGHT = 100;

export class Viewport {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera: THREE.OrthographicCamera;
  readonly controls: OrbitControls;
  /** Things drawn over the body by other layers (the sketch editor). */
  readonly overlay = new THREE.Group();
  private readonly cube = new ViewCube();
  private readonly grid: THREE.Group = new THREE.Group();
  private readonly light = new THREE.DirectionalLight(0xffffff, 2.1);
  private readonly resolution = new THREE.Vector2(1, 1);
  /** The sketch being edited. */
  readonly sketch = new SketchLayer(this.resolution);
  /** Other visible sketches. */
  readonly sketches = new PassiveSketches(this.resolution);
  private body: BodyView | null = null;
  private frame = 0;
  private width = 1;
  private height = 1;
  private animation: {
    from: THREE.Vector3;
    to: THREE.Vector3;
    fromZoom: number;
    toZoom: number;
    fromTarget: THREE.Vector3;
    toTarget: THREE.Vector3;
    t0: number;
  } | null = null;
  private readonly resizeObserver: ResizeObserver;
  /** Called after every frame is drawn (for measurements and the first-model mark). */
  onRender: (() => void) | null = null;
  /** Called when the camera moves (sketch layers re-snap their grid). */
  onCameraChange: (() => void) | null = null;

  constructor(readonly container: HTMLElement) {
    this.renderer = new THREE.WebGLRenderer({
      antialias: true,
      alpha: true,
      preserveDrawingBuffer: true,
    });
    this.renderer.setPixelRatio(Math.min(window.devicePixelRatio, 2));
    this.renderer.setClearColor(0x000000, 0);
    this.renderer.autoClear = false;
    this.renderer.toneMapping = THREE.NeutralToneMapping;
    this.renderer.domElement.className = "viewport-canvas";
    container.appendChild(this.renderer.domElement);

    // Lights only (no PMREM environment): prefiltering an environment map takes seconds on
    // software WebGL and would freeze the page while the viewer starts.

    this.camera = new THREE.OrthographicCamera(-100, 100, 100, -100, -1e5, 1e5);
    this.camera.up.set(0, 0, 1);
    this.camera.position.set(200, -200, 200);
    this.scene.add(this.camera);
    // Camera-relative lighting (as CAD viewers do): a key light from the upper left, a cooler
    // fill from the right and a sky/ground ambient, so the three faces of a box read apart.
    this.light.position.set(-0.8, 1.0, 1.2);
    this.camera.add(this.light);
    this.camera.add(this.light.target);
    const fill = new THREE.DirectionalLight(0xdde6f2, 0.6);
    fill.position.set(1.0, -0.25, 0.6);
    this.camera.add(fill);
    this.camera.add(fill.target);
    const sky = new THREE.HemisphereLight(0xffffff, 0x8f9baa, 1.7);
    sky.position.set(0, 0, 1); // Z is up (the default sky is +Y)
    this.scene.add(sky);

    this.controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.controls.zoomToCursor = true;
    this.controls.screenSpacePanning = true;
    this.controls.enableDamping = false;
    this.controls.zoomSpeed = 1.4;
    this.controls.mouseButtons = {
      LEFT: THREE.MOUSE.ROTATE,
      MIDDLE: THREE.MOUSE.PAN,
      RIGHT: THREE.MOUSE.PAN,
    };
    this.controls.addEventListener("change", () => {
      this.onCameraChange?.();
      this.requestRender();
    });

    this.buildGrid(100);
    this.scene.add(this.grid, this.overlay, this.sketches.group, this.sketch.group);

    this.resizeObserver = new ResizeObserver(() => this.resize());
    this.resizeObserver.observe(container);
    this.resize();
    this.setView("iso", false);
  }

  get canvas(): HTMLCanvasElement {
    return this.renderer.domElement;
  }

  get size(): { width: number; height: number } {
    return { width: this.width, height: this.height };
  }

  /** Resolves when the shown body can be picked (its BVH is built). */
  whenPickable(): Promise<void> {
    return this.body?.pickable ?? Promise.resolve();
  }

  get triangleCount(): number {
    return this.body?.triangleCount ?? 0;
  }

  private resize(): void {
    const r = this.container.getBoundingClientRect();
    this.width = Math.max(1, Math.round(r.width));
    this.height = Math.max(1, Math.round(r.height));
    this.renderer.setSize(this.width, this.height, false);
    this.resolution.set(this.width, this.height);
    this.body?.setResolution(this.width, this.height);
    this.sketch.setResolution(this.width, this.height);
    this.sketches.setResolution(this.width, this.height);
    this.updateFrustum();
    this.requestRender();
  }

  private updateFrustum(): void {
    const aspect = this.width / this.height;
    this.camera.top = BASE_HALF_HEIGHT;
    this.camera.bottom = -BASE_HALF_HEIGHT;
    this.camera.left = -BASE_HALF_HEIGHT * aspect;
    this.camera.right = BASE_HALF_HEIGHT * aspect;
    this.camera.updateProjectionMatrix();
  }

  private gridExtent = 100;

  private buildGrid(extent: number): void {
    this.gridExtent = extent;
    for (const child of [...this.grid.children]) {
      this.grid.remove(child);
      if (child instanceof THREE.LineSegments || child instanceof THREE.Line) {
        child.geometry.dispose();
        (child.material as THREE.Material).dispose();
      }
    }
    const step = niceStep(extent / 10);
    const half = Math.ceil(extent / step) * step;
    // The ground grid is drawn first and writes no depth: the body always covers it, and it
    // never fights with the body's bottom edges (which lie in the same plane).
    const minor = new THREE.GridHelper(half * 2, Math.round((half * 2) / step), 0xcfd6de, 0xdde2e8);
    minor.rotation.x = Math.PI / 2;
    const mat = minor.material as THREE.Material;
    mat.depthWrite = false;
    minor.renderOrder = -10;
    this.grid.add(minor);
    const axis = (a: THREE.Vector3, color: number) => {
      const g = new THREE.BufferGeometry().setFromPoints([
        a.clone().multiplyScalar(-half),
        a.clone().multiplyScalar(half),
      ]);
      const l = new THREE.Line(g, new THREE.LineBasicMaterial({ color, depthWrite: false }));
      l.renderOrder = -9;
      this.grid.add(l);
    };
    axis(new THREE.Vector3(1, 0, 0), 0xe08a8a);
    axis(new THREE.Vector3(0, 1, 0), 0x8cc79c);
  }

  setGridVisible(visible: boolean): void {
    this.grid.visible = visible;
    this.requestRender();
  }

  /** Show a body (or none). Keeps the camera unless `frame` is set. */
  setBody(mesh: BodyMesh | null, options: { preview?: boolean; frame?: boolean } = {}): void {
    if (this.body && this.body.data === mesh) return;
    if (this.body) {
      this.scene.remove(this.body.group);
      this.body.dispose();
      this.body = null;
    }
    if (mesh && mesh.indices.length > 0) {
      this.body = new BodyView(mesh, this.resolution, options);
      this.body.setResolution(this.width, this.height);
      this.body.group.visible = this.bodyVisible; // [assistant]
      this.scene.add(this.body.group);
      const r = this.body.sphere.radius;
      this.buildGrid(Math.max(50, r * 2.5));
    }
    if (options.frame) this.fit(false);
    this.requestRender();
  }

  // [assistant] The ghost layer (lib/assistant/ghost-layer.ts) hides the current body while the
  // proposal is shown alone.
  private bodyVisible = true;
  setBodyVisible(visible: boolean): void {
    this.bodyVisible = visible;
    if (this.body) this.body.group.visible = visible;
    this.requestRender();
  }

  setHover(ref: string | null): void {
    this.body?.setHover(ref);
    this.requestRender();
  }

  setSelection(refs: readonly string[]): void {
    this.body?.setSelection(refs);
    this.requestRender();
  }

  setPreviewFaces(refs: readonly string[]): void {
    this.body?.setPreview(refs);
    this.requestRender();
  }

  /** Is the camera looking (nearly) along this direction? */
  isLookingAlong(dir: [number, number, number]): boolean {
    const d = this.camera.position.clone().sub(this.controls.target).normalize();
    return d.dot(new THREE.Vector3(...dir).normalize()) > 0.995;
  }

  /** Pointer position (client coordinates) → what is under it. */
  pick(
    clientX: number,
    clientY: number,
    kinds: { faces: boolean; edges: boolean } = { faces: true, edges: true },
  ): PickHit | null {
    if (!this.body) return null;
    const r = this.canvas.getBoundingClientRect();
    const x = clientX - r.left;
    const y = clientY - r.top;
    if (this.cube.contains(x, y, this.width)) return null;
    this.camera.updateMatrixWorld();
    const ndc = new THREE.Vector2((x / r.width) * 2 - 1, -(y / r.height) * 2 + 1);
    return this.body.pick(this.camera, ndc, { x, y, width: r.width, height: r.height }, kinds);
  }

  /** A ray from the camera through a client point. */
  rayAt(clientX: number, clientY: number): THREE.Ray {
    const r = this.canvas.getBoundingClientRect();
    const ndc = new THREE.Vector2(
      ((clientX - r.left) / r.width) * 2 - 1,
      -((clientY - r.top) / r.height) * 2 + 1,
    );
    this.camera.updateMatrixWorld();
    const rc = new THREE.Raycaster();
    rc.setFromCamera(ndc, this.camera);
    return rc.ray.clone();
  }

  /** Client point → 2D point on a sketch frame's plane (null when the view is edge-on). */
  planePoint(clientX: number, clientY: number, frame: Frame): Vec2 | null {
    const ray = this.rayAt(clientX, clientY);
    const plane = new THREE.Plane().setFromNormalAndCoplanarPoint(
      new THREE.Vector3(...frame.normal),
      new THREE.Vector3(...frame.origin),
    );
    const hit = ray.intersectPlane(plane, new THREE.Vector3());
    if (!hit) {
      // Orthographic rays start behind the plane as often as in front: try the other way.
      ray.direction.negate();
      const back = ray.intersectPlane(plane, new THREE.Vector3());
      return back ? toPlane(frame, [back.x, back.y, back.z]) : null;
    }
    return toPlane(frame, [hit.x, hit.y, hit.z]);
  }

  /** World point → client coordinates (used by tests and tooltips). */
  project(p: [number, number, number]): { x: number; y: number } {
    this.camera.updateMatrixWorld();
    const v = new THREE.Vector3(...p).project(this.camera);
    const r = this.canvas.getBoundingClientRect();
    return { x: r.left + ((v.x + 1) / 2) * r.width, y: r.top + ((1 - v.y) / 2) * r.height };
  }

  /** World size of one CSS pixel at the current zoom. */
  pixelSize(): number {
    return (2 * BASE_HALF_HEIGHT) / this.camera.zoom / this.height;
  }

  /** Cube interaction: hover highlight and click-to-view. */
  cubeHover(clientX: number, clientY: number): boolean {
    const r = this.canvas.getBoundingClientRect();
    const changed = this.cube.hover(clientX - r.left, clientY - r.top, this.width);
    if (changed) this.requestRender();
    return this.cube.contains(clientX - r.left, clientY - r.top, this.width);
  }

  cubeClick(clientX: number, clientY: number): boolean {
    const r = this.canvas.getBoundingClientRect();
    const x = clientX - r.left;
    const y = clientY - r.top;
    if (!this.cube.contains(x, y, this.width)) return false;
    const view = this.cube.viewAt(x, y, this.width);
    if (view) this.setView(view);
    return true;
  }

  private boundsSphere(): THREE.Sphere {
    if (this.body) return this.body.sphere.clone();
    const box = new THREE.Box3().setFromObject(this.sketches.group);
    if (!box.isEmpty()) {
      const s = box.getBoundingSphere(new THREE.Sphere());
      s.radius = Math.max(s.radius, 10);
      return s;
    }
    return new THREE.Sphere(new THREE.Vector3(), 50);
  }

  /** Frame everything. */
  fit(animate = true): void {
    const s = this.boundsSphere();
    const dir = this.camera.position.clone().sub(this.controls.target).normalize();
    if (dir.lengthSq() === 0) dir.set(1, -1, 1).normalize();
    this.moveCamera(dir, this.camera.up.clone(), s, animate);
  }

  /** Look along a named direction and frame everything. */
  setView(view: ViewName, animate = true): void {
    const d = VIEW_DIRECTIONS[view];
    this.lookFrom(new THREE.Vector3(...d).normalize(), null, animate);
  }

  /**
   * Look at the scene from `dir` (target → camera), with `up` as the screen's up direction when
   * given (sketch mode looks straight at its plane with the plane's y axis up).
   */
  lookFrom(
    dir: THREE.Vector3,
    up: THREE.Vector3 | null,
    animate = true,
    center?: THREE.Vector3,
  ): void {
    const s = this.boundsSphere();
    if (center) s.center.copy(center);
    let upDir = up?.clone() ?? new THREE.Vector3(0, 0, 1);
    // Top view: +Y up; bottom view: −Y up (X stays to the right in both).
    if (!up && Math.abs(dir.z) > 0.999) upDir = new THREE.Vector3(0, dir.z > 0 ? 1 : -1, 0);
    this.moveCamera(dir.clone().normalize(), upDir, s, animate);
  }

  private moveCamera(
    dir: THREE.Vector3,
    up: THREE.Vector3,
    s: THREE.Sphere,
    animate: boolean,
  ): void {
    const aspect = this.width / this.height;
    const fitHalf = Math.max(s.radius, 1e-3) * 1.35;
    const zoom = Math.min(BASE_HALF_HEIGHT / fitHalf, (BASE_HALF_HEIGHT * aspect) / fitHalf);
    // OrbitControls keeps Z as its up axis; when looking along ±Z, nudge the camera so that the
    // requested screen-up wins (a tilt far below what the eye can see).
    const offset = dir.clone();
    if (Math.abs(dir.z) > 0.9999) offset.addScaledVector(up, -Math.sign(dir.z) * 1e-4).normalize();
    const distance = this.cameraDistance();
    const to = s.center.clone().addScaledVector(offset, distance);
    if (!animate) {
      this.controls.target.copy(s.center);
      this.camera.position.copy(to);
      this.camera.zoom = zoom;
      this.camera.updateProjectionMatrix();
      this.controls.update();
      this.requestRender();
      return;
    }
    this.animation = {
      from: this.camera.position.clone().sub(this.controls.target).normalize(),
      to: offset,
      fromZoom: this.camera.zoom,
      toZoom: zoom,
      fromTarget: this.controls.target.clone(),
      toTarget: s.center.clone(),
      t0: performance.now(),
    };
    this.requestRender();
  }

  /** Radius of everything worth drawing (body, grid, sketches). */
  private sceneRadius(): number {
    return Math.max(this.boundsSphere().radius * 3, this.gridExtent * 1.5, 100);
  }

  /**
   * The orthographic camera sits at a fixed distance; a tight near/far range keeps depth
   * precision high enough for edges drawn over faces.
   */
  private cameraDistance(): number {
    return this.sceneRadius() * 2;
  }

  private updateDepthRange(): void {
    const d = this.camera.position.distanceTo(this.controls.target);
    const r = this.sceneRadius() + this.controls.target.length();
    this.camera.near = Math.max(0.01, d - r * 1.5);
    this.camera.far = d + r * 1.5;
    this.camera.updateProjectionMatrix();
  }

  private stepAnimation(now: number): boolean {
    const a = this.animation;
    if (!a) return false;
    const dur = 280;
    const k = Math.min(1, (now - a.t0) / dur);
    const e = 1 - Math.pow(1 - k, 3);
    const dir = slerpDir(a.from, a.to, e);
    const target = a.fromTarget.clone().lerp(a.toTarget, e);
    const distance = this.cameraDistance();
    this.controls.target.copy(target);
    this.camera.position.copy(target).addScaledVector(dir, distance);
    this.camera.zoom = a.fromZoom + (a.toZoom - a.fromZoom) * e;
    this.camera.updateProjectionMatrix();
    this.controls.update();
    this.onCameraChange?.();
    if (k >= 1) {
      this.animation = null;
      return false;
    }
    return true;
  }

  /** No camera animation running and no frame waiting to be drawn. */
  get idle(): boolean {
    return this.animation === null && this.frame === 0;
  }

  requestRender(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame((now) => {
      this.frame = 0;
      const more = this.stepAnimation(now);
      this.render();
      if (more) this.requestRender();
    });
  }

  /** Draw now (synchronously). */
  render(): void {
    this.updateDepthRange();
    this.renderer.setViewport(0, 0, this.width, this.height);
    this.renderer.clear();
    this.renderer.render(this.scene, this.camera);
    this.cube.sync(this.camera);
    this.cube.render(this.renderer, this.width, this.height);
    this.onRender?.();
  }

  dispose(): void {
    cancelAnimationFrame(this.frame);
    this.resizeObserver.disconnect();
    this.controls.dispose();
    this.body?.dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }
}

function slerpDir(a: THREE.Vector3, b: THREE.Vector3, t: number): THREE.Vector3 {
  const dot = Math.min(1, Math.max(-1, a.dot(b)));
  if (dot > 0.9999) return a.clone().lerp(b, t).normalize();
  if (dot < -0.9999) {
    // Opposite directions: go round through any perpendicular.
    const perp = Math.abs(a.z) < 0.9 ? new THREE.Vector3(0, 0, 1) : new THREE.Vector3(1, 0, 0);
    const mid = perp.sub(a.clone().multiplyScalar(perp.dot(a))).normalize();
    return t < 0.5 ? slerpDir(a, mid, t * 2) : slerpDir(mid, b, t * 2 - 1);
  }
  const q = new THREE.Quaternion().setFromUnitVectors(a, b);
  const qt = new THREE.Quaternion().slerp(q, t);
  return a.clone().applyQuaternion(qt).normalize();
}

/** 1, 2 or 5 × 10^k, at least x. */
export function niceStep(x: number): number {
  const p = Math.pow(10, Math.floor(Math.log10(Math.max(x, 1e-9))));
  const m = x / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
}
