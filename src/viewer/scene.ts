/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The 3-D view: one mesh per part (poses as matrices), orbit/pan/zoom, and the selection
 * look — surfaces A and B in their colours, the contact region in a third colour, their
 * parts translucent, everything else ghosted — with the camera framing both surfaces.
 */
import {
  AmbientLight,
  Box3,
  BufferAttribute,
  BufferGeometry,
  Color,
  DirectionalLight,
  DoubleSide,
  Group,
  LineBasicMaterial,
  LineSegments,
  Matrix4,
  Mesh,
  MeshLambertMaterial,
  PerspectiveCamera,
  Scene,
  Sphere,
  Vector3,
  WebGLRenderer,
  WireframeGeometry,
  type Material,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { PayloadPart } from '../report/pagePayload.js';
import { COLORS } from './style.js';

export interface DecodedPart {
  path: string;
  name: string;
  color: [number, number, number] | null;
  positions: Float32Array;
  normals: Float32Array | null;
  indices: Uint32Array;
  /** firstTriangle, triangleCount per surface. */
  surfaces: number[];
  deflection: number | null;
}

export interface Highlight {
  partA: number;
  partB: number;
  surfacesA: number[];
  surfacesB: number[];
  regionA: number[];
  regionB: number[];
}

/** Screen rectangle in CSS pixels, relative to the canvas. */
export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

function decodeBase64(text: string): ArrayBuffer {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes.buffer;
}

export function decodePart(p: PayloadPart): DecodedPart {
  return {
    path: p.path,
    name: p.name,
    color: p.color,
    positions: new Float32Array(decodeBase64(p.positions)),
    normals: p.normals ? new Float32Array(decodeBase64(p.normals)) : null,
    indices: new Uint32Array(decodeBase64(p.indices)),
    surfaces: p.surfaces,
    deflection: p.deflection,
  };
}

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

export class ReportScene {
  readonly renderer: WebGLRenderer;
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly scene = new Scene();
  readonly parts: DecodedPart[];
  readonly meshes: Mesh[] = [];
  private readonly baseMaterials: Material[] = [];
  private readonly ghost = new MeshLambertMaterial({ color: COLORS.ghost, transparent: true, opacity: 0.1, depthWrite: false, side: DoubleSide });
  /** The rest of the two selected parts: grey, a little more solid than the ghosts, so A and B's colours stay theirs alone. */
  private readonly tintA = new MeshLambertMaterial({ color: 0x7d8590, transparent: true, opacity: 0.22, depthWrite: false, side: DoubleSide });
  private readonly tintB = this.tintA;
  private readonly highlight = new Group();
  private readonly hidden = new Set<number>();
  private current: Highlight | null = null;
  private pending = false;
  /** Called after each frame is drawn (tests and timing). */
  onRender: (() => void) | null = null;
  frames = 0;

  constructor(private readonly canvas: HTMLCanvasElement, parts: DecodedPart[], poses: Record<string, number[]>) {
    this.parts = parts;
    this.renderer = new WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(Math.min(2, window.devicePixelRatio || 1));
    this.renderer.setClearColor(COLORS.background);
    this.camera = new PerspectiveCamera(40, 1, 0.1, 1e5);
    this.scene.add(new AmbientLight(0xffffff, 1.1));
    const key = new DirectionalLight(0xffffff, 1.9);
    key.position.set(0.5, 0.8, 1);
    this.camera.add(key);
    this.scene.add(this.camera);
    parts.forEach((p, i) => {
      const g = new BufferGeometry();
      g.setAttribute('position', new BufferAttribute(p.positions, 3));
      g.setIndex(new BufferAttribute(p.indices, 1));
      if (p.normals && p.normals.length === p.positions.length) g.setAttribute('normal', new BufferAttribute(p.normals, 3));
      else g.computeVertexNormals();
      g.computeBoundingBox();
      g.computeBoundingSphere();
      const color = p.color ? new Color(p.color[0], p.color[1], p.color[2]) : new Color(0xb8bec6);
      const material = new MeshLambertMaterial({ color, side: DoubleSide });
      const mesh = new Mesh(g, material);
      mesh.matrixAutoUpdate = false;
      mesh.matrix.fromArray(poses[p.path] ?? IDENTITY);
      mesh.userData['part'] = i;
      this.meshes.push(mesh);
      this.baseMaterials.push(material);
      this.scene.add(mesh);
    });
    this.scene.add(this.highlight);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.addEventListener('change', () => this.requestRender());
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement ?? canvas);
    this.resize();
    this.frameBox(this.worldBox(), new Vector3(1, -1.4, 0.9));
  }

  resize(): void {
    const el = this.canvas.parentElement ?? this.canvas;
    const w = Math.max(1, el.clientWidth), h = Math.max(1, el.clientHeight);
    this.renderer.setSize(w, h, false);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.requestRender();
  }

  requestRender(): void {
    if (this.pending) return;
    this.pending = true;
    requestAnimationFrame(() => {
      this.pending = false;
      this.renderNow();
    });
  }

  renderNow(): void {
    this.renderer.render(this.scene, this.camera);
    this.frames++;
    this.onRender?.();
  }

  /** Moves a part (column-major 4×4) and redraws; the highlight follows. */
  setPose(part: number, matrix: ArrayLike<number>): void {
    this.meshes[part]!.matrix.fromArray(matrix as number[]);
    this.meshes[part]!.matrixWorldNeedsUpdate = true;
    if (this.current) this.applyHighlight(this.current, false);
    this.requestRender();
  }

  setVisible(part: number, visible: boolean): void {
    if (visible) this.hidden.delete(part);
    else this.hidden.add(part);
    this.meshes[part]!.visible = visible;
    this.requestRender();
  }

  /** World box of the whole assembly (visible parts). */
  worldBox(): Box3 {
    const box = new Box3();
    this.meshes.forEach((m) => {
      if (m.visible) box.union(m.geometry.boundingBox!.clone().applyMatrix4(m.matrix));
    });
    return box.isEmpty() ? new Box3(new Vector3(-1, -1, -1), new Vector3(1, 1, 1)) : box;
  }

  /** World box of some surfaces of a part. */
  surfaceBox(part: number, surfaces: readonly number[]): Box3 {
    const p = this.parts[part]!, m = this.meshes[part]!.matrix;
    const box = new Box3(), v = new Vector3();
    for (const s of surfaces) {
      const first = p.surfaces[2 * s]!, count = p.surfaces[2 * s + 1]!;
      for (let t = first * 3, end = (first + count) * 3; t < end; t++) {
        const i = p.indices[t]! * 3;
        box.expandByPoint(v.set(p.positions[i]!, p.positions[i + 1]!, p.positions[i + 2]!).applyMatrix4(m));
      }
    }
    return box;
  }

  /** Puts the box's bounding sphere in view, looking along `direction` (default: the current view direction). */
  frameBox(box: Box3, direction?: Vector3): void {
    const sphere = box.getBoundingSphere(new Sphere());
    const r = Math.max(sphere.radius, 1e-3);
    const dir = (direction ?? new Vector3().subVectors(this.camera.position, this.controls.target)).normalize();
    if (dir.lengthSq() === 0) dir.set(1, -1, 1).normalize();
    const halfFov = ((this.camera.fov / 2) * Math.PI) / 180;
    const fit = Math.min(Math.tan(halfFov), Math.tan(halfFov) * this.camera.aspect);
    const distance = (1.15 * r) / Math.sin(Math.atan(fit));
    this.camera.position.copy(sphere.center).addScaledVector(dir, distance);
    this.camera.up.set(0, 0, 1);
    this.camera.near = distance / 500;
    this.camera.far = distance * 20 + this.worldBox().getBoundingSphere(new Sphere()).radius * 4;
    this.camera.updateProjectionMatrix();
    this.controls.target.copy(sphere.center);
    this.controls.update();
    this.requestRender();
  }

  /** Highlights an item (or clears with null) and frames both surfaces. */
  select(h: Highlight | null, frame = true): void {
    this.current = h;
    this.applyHighlight(h, frame);
    this.requestRender();
  }

  private subGeometry(part: number, triangles: Iterable<number>): BufferGeometry {
    const src = this.meshes[part]!.geometry;
    const p = this.parts[part]!;
    const idx: number[] = [];
    for (const t of triangles) idx.push(p.indices[3 * t]!, p.indices[3 * t + 1]!, p.indices[3 * t + 2]!);
    const g = new BufferGeometry();
    g.setAttribute('position', src.getAttribute('position'));
    g.setAttribute('normal', src.getAttribute('normal'));
    g.setIndex(idx);
    return g;
  }

  private surfaceTriangles(part: number, surfaces: readonly number[]): number[] {
    const p = this.parts[part]!;
    const out: number[] = [];
    for (const s of surfaces) for (let t = p.surfaces[2 * s]!, end = t + p.surfaces[2 * s + 1]!; t < end; t++) out.push(t);
    return out;
  }

  private applyHighlight(h: Highlight | null, frame: boolean): void {
    for (const child of [...this.highlight.children]) {
      this.highlight.remove(child);
      (child as Mesh).geometry.dispose();
    }
    this.meshes.forEach((m, i) => {
      m.material = h === null ? this.baseMaterials[i]! : i === h.partA ? this.tintA : i === h.partB ? this.tintB : this.ghost;
      m.visible = !this.hidden.has(i) || (h !== null && (i === h.partA || i === h.partB));
    });
    if (!h) return;
    const add = (part: number, triangles: number[], color: number, offset: number): void => {
      const mesh = new Mesh(
        this.subGeometry(part, triangles),
        new MeshLambertMaterial({ color, emissive: new Color(color).multiplyScalar(0.35), side: DoubleSide, polygonOffset: true, polygonOffsetFactor: offset, polygonOffsetUnits: offset }),
      );
      mesh.matrixAutoUpdate = false;
      mesh.matrix.copy(this.meshes[part]!.matrix);
      this.highlight.add(mesh);
    };
    add(h.partA, this.surfaceTriangles(h.partA, h.surfacesA), COLORS.a, 0);
    add(h.partB, this.surfaceTriangles(h.partB, h.surfacesB), COLORS.b, 0);
    for (const [part, tris] of [[h.partA, h.regionA], [h.partB, h.regionB]] as const) {
      if (tris.length === 0) continue;
      const wire = new LineSegments(new WireframeGeometry(this.subGeometry(part, tris)), new LineBasicMaterial({ color: COLORS.region, depthTest: false, transparent: true, opacity: 0.95 }));
      wire.matrixAutoUpdate = false;
      wire.matrix.copy(this.meshes[part]!.matrix);
      wire.renderOrder = 2;
      this.highlight.add(wire);
    }
    if (frame) this.frameBox(this.surfaceBox(h.partA, h.surfacesA).union(this.surfaceBox(h.partB, h.surfacesB)));
  }

  /** Where a world box lands on screen (CSS px, canvas-relative). */
  projectBox(box: Box3): ScreenBox {
    this.camera.updateMatrixWorld();
    const rect = this.canvas.getBoundingClientRect();
    const out: ScreenBox = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
    const v = new Vector3();
    for (let k = 0; k < 8; k++) {
      v.set(k & 1 ? box.max.x : box.min.x, k & 2 ? box.max.y : box.min.y, k & 4 ? box.max.z : box.min.z).project(this.camera);
      const x = ((v.x + 1) / 2) * rect.width, y = ((1 - v.y) / 2) * rect.height;
      out.left = Math.min(out.left, x);
      out.right = Math.max(out.right, x);
      out.top = Math.min(out.top, y);
      out.bottom = Math.max(out.bottom, y);
    }
    return out;
  }

  /** The current pose matrix of a part. */
  matrixOf(part: number): Matrix4 {
    return this.meshes[part]!.matrix;
  }
}
