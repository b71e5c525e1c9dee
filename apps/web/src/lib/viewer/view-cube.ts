/**
 * The navigation cube in the viewport's top-right corner: it turns with the camera, its faces are
 * labelled (Z up: Front is −Y, Right is +X, Top is +Z), and clicking a face looks at it.
 */
import * as THREE from "three";

export type ViewName = "front" | "back" | "left" | "right" | "top" | "bottom" | "iso";

/** Direction from the target towards the camera for each named view (Z up). */
export const VIEW_DIRECTIONS: Record<ViewName, [number, number, number]> = {
  front: [0, -1, 0],
  back: [0, 1, 0],
  right: [1, 0, 0],
  left: [-1, 0, 0],
  top: [0, 0, 1],
  bottom: [0, 0, -1],
  iso: [1, -1, 1],
};

// BoxGeometry material order is +X, −X, +Y, −Y, +Z, −Z in its own (Y-up) frame. The cube mesh is
// turned +90° about X, which maps that frame's +Y to world +Z and its +Z to world −Y.
const FACES: { label: string; view: ViewName }[] = [
  { label: "RIGHT", view: "right" },
  { label: "LEFT", view: "left" },
  { label: "TOP", view: "top" },
  { label: "BOTTOM", view: "bottom" },
  { label: "FRONT", view: "front" },
  { label: "BACK", view: "back" },
];

function labelTexture(text: string, hover: boolean): THREE.CanvasTexture {
  const size = 128;
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = size;
  const g = canvas.getContext("2d");
  if (g) {
    g.fillStyle = hover ? "#cfe0ff" : "#f3f5f8";
    g.fillRect(0, 0, size, size);
    g.strokeStyle = "#8a96a3";
    g.lineWidth = 4;
    g.strokeRect(2, 2, size - 4, size - 4);
    g.fillStyle = "#3a4450";
    g.font = "600 22px Inter, system-ui, sans-serif";
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.fillText(text, size / 2, size / 2);
  }
  const t = new THREE.CanvasTexture(canvas);
  t.colorSpace = THREE.SRGBColorSpace;
  t.anisotropy = 4;
  return t;
}

export class ViewCube {
  readonly size = 110;
  private readonly scene = new THREE.Scene();
  private readonly camera = new THREE.OrthographicCamera(-1.6, 1.6, 1.6, -1.6, 0.1, 20);
  private readonly cube: THREE.Mesh;
  private readonly materials: THREE.MeshBasicMaterial[];
  private readonly normalTextures: THREE.Texture[];
  private readonly hoverTextures: THREE.Texture[];
  private readonly ray = new THREE.Raycaster();
  private hovered = -1;

  constructor() {
    this.normalTextures = FACES.map((f) => labelTexture(f.label, false));
    this.hoverTextures = FACES.map((f) => labelTexture(f.label, true));
    this.materials = this.normalTextures.map((map) => new THREE.MeshBasicMaterial({ map }));
    this.cube = new THREE.Mesh(new THREE.BoxGeometry(1.7, 1.7, 1.7), this.materials);
    this.cube.rotation.x = Math.PI / 2;
    this.scene.add(this.cube);
    const outline = new THREE.LineSegments(
      new THREE.EdgesGeometry(this.cube.geometry),
      new THREE.LineBasicMaterial({ color: 0x6b7785 }),
    );
    outline.rotation.x = Math.PI / 2;
    this.scene.add(outline);
    const axes: [THREE.Vector3, number][] = [
      [new THREE.Vector3(1, 0, 0), 0xd64545],
      [new THREE.Vector3(0, 1, 0), 0x3aa35b],
      [new THREE.Vector3(0, 0, 1), 0x2f6fdb],
    ];
    const origin = new THREE.Vector3(-0.95, -0.95, -0.95);
    for (const [dir, color] of axes) {
      const g = new THREE.BufferGeometry().setFromPoints([
        origin,
        origin.clone().add(dir.clone().multiplyScalar(1.5)),
      ]);
      this.scene.add(new THREE.Line(g, new THREE.LineBasicMaterial({ color })));
    }
  }

  /** Follow the main camera's orientation. */
  sync(main: THREE.Camera): void {
    const dir = new THREE.Vector3();
    main.getWorldDirection(dir);
    this.camera.position.copy(dir.multiplyScalar(-5));
    this.camera.quaternion.copy(main.quaternion);
    this.camera.updateMatrixWorld();
  }

  /** Render into the top-right corner (the renderer's autoClear must be off). */
  render(renderer: THREE.WebGLRenderer, width: number, height: number): void {
    const s = this.size;
    const x = width - s - 8;
    const y = height - s - 8;
    renderer.setScissorTest(true);
    renderer.setScissor(x, y, s, s);
    renderer.setViewport(x, y, s, s);
    renderer.clearDepth();
    renderer.render(this.scene, this.camera);
    renderer.setScissorTest(false);
    renderer.setViewport(0, 0, width, height);
  }

  /** Is the CSS-pixel point inside the cube's square? */
  contains(px: number, py: number, width: number): boolean {
    return px >= width - this.size - 8 && px <= width - 8 && py >= 8 && py <= 8 + this.size;
  }

  private faceAt(px: number, py: number, width: number): number {
    const s = this.size;
    const x0 = width - s - 8;
    const ndc = new THREE.Vector2(((px - x0) / s) * 2 - 1, -(((py - 8) / s) * 2 - 1));
    this.ray.setFromCamera(ndc, this.camera);
    const hit = this.ray.intersectObject(this.cube, false)[0];
    return hit?.face ? hit.face.materialIndex : -1;
  }

  /** Update the hover highlight; returns true when it changed. */
  hover(px: number, py: number, width: number): boolean {
    const i = this.contains(px, py, width) ? this.faceAt(px, py, width) : -1;
    if (i === this.hovered) return false;
    if (this.hovered >= 0) this.materials[this.hovered]!.map = this.normalTextures[this.hovered]!;
    if (i >= 0) this.materials[i]!.map = this.hoverTextures[i]!;
    this.hovered = i;
    return true;
  }

  viewAt(px: number, py: number, width: number): ViewName | null {
    const i = this.faceAt(px, py, width);
    return i >= 0 ? (FACES[i]?.view ?? null) : null;
  }
}
