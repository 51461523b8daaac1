/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The 3-D view: one mesh per part (poses as matrices), orbit/pan/zoom, feature edges, a
 * section plane, picking, and the selection look — surfaces A and B in their colours, the
 * contact region in a third colour, their parts translucent, everything else ghosted — with
 * the camera framing the overlap region. Parts are a neutral grey unless STEP colours are
 * switched on, so no part colour can pass for the A / B highlight.
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
  Plane,
  Raycaster,
  Scene,
  Sphere,
  Vector2,
  Vector3,
  WebGLRenderer,
  WireframeGeometry,
  type Material,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { DecodedPart } from './decode.js';
import { featureEdges } from './featureEdges.js';
import { COLORS } from './style.js';

export interface Highlight {
  partA: number;
  /** null: a single part is selected (clicked in 3-D). */
  partB: number | null;
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

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const NEUTRAL = 0xb8bec6;

export type SectionAxis = 'x' | 'y' | 'z';
export interface Section {
  axis: SectionAxis;
  /** World coordinate of the plane along the axis (mm). */
  offset: number;
  /** false: keep what lies below the offset; true: keep what lies above. */
  flip: boolean;
}

/** The view the page opens on and `reset` returns to. */
const HOME_DIRECTION = new Vector3(1, -1.4, 0.9);

export class ReportScene {
  readonly renderer: WebGLRenderer;
  readonly camera: PerspectiveCamera;
  readonly controls: OrbitControls;
  readonly scene = new Scene();
  readonly parts: DecodedPart[];
  readonly meshes: Mesh[] = [];
  private readonly stepMaterials: Material[] = [];
  private readonly neutral = new MeshLambertMaterial({ color: NEUTRAL, side: DoubleSide });
  private readonly pickedMaterial = new MeshLambertMaterial({ color: COLORS.picked, emissive: new Color(COLORS.picked).multiplyScalar(0.25), side: DoubleSide });
  private readonly edgeMaterial = new LineBasicMaterial({ color: 0x30353b, transparent: true, opacity: 0.55 });
  private readonly edges: (LineSegments | null)[] = [];
  private stepColours = false;
  private showEdges = false;
  private picked = -1;
  section: Section | null = null;
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
    this.renderer.localClippingEnabled = false;
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
      const color = p.color ? new Color(p.color[0], p.color[1], p.color[2]) : new Color(NEUTRAL);
      const material = new MeshLambertMaterial({ color, side: DoubleSide });
      const mesh = new Mesh(g, this.neutral);
      mesh.matrixAutoUpdate = false;
      mesh.matrix.fromArray(poses[p.path] ?? IDENTITY);
      mesh.userData['part'] = i;
      this.meshes.push(mesh);
      this.stepMaterials.push(material);
      this.edges.push(null);
      this.scene.add(mesh);
    });
    this.scene.add(this.highlight);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.addEventListener('change', () => this.requestRender());
    new ResizeObserver(() => this.resize()).observe(canvas.parentElement ?? canvas);
    this.resize();
    this.fitAll(HOME_DIRECTION);
  }

  /** The whole (visible) assembly in view; `direction` as in frameBox. */
  fitAll(direction?: Vector3): void {
    this.frameBox(this.worldBox(), direction?.clone());
  }

  /** Parts in their STEP colours (on) or one neutral grey (off, the default). */
  setStepColours(on: boolean): void {
    this.stepColours = on;
    this.applyHighlight(this.current, false);
    this.requestRender();
  }

  /** Feature edges (the B-rep edges) on every part, built on first use. */
  setEdges(on: boolean): void {
    this.showEdges = on;
    if (on) {
      this.meshes.forEach((m, i) => {
        if (this.edges[i]) return;
        const p = this.parts[i]!;
        const g = new BufferGeometry();
        g.setAttribute('position', m.geometry.getAttribute('position'));
        g.setIndex(new BufferAttribute(featureEdges(p.indices, p.surfaces, p.positions.length / 3), 1));
        const lines = new LineSegments(g, this.edgeMaterial);
        lines.raycast = () => {}; // picking hits faces, not edges
        m.add(lines);
        this.edges[i] = lines;
      });
    }
    this.applyHighlight(this.current, false);
    this.requestRender();
  }

  get edgesOn(): boolean {
    return this.showEdges;
  }

  /** The live viewer's picked part: drawn in its own colour while nothing is selected. */
  setPicked(part: number): void {
    this.picked = part;
    this.applyHighlight(this.current, false);
    this.requestRender();
  }

  /** Cuts the view with a plane normal to an axis (null: no cut); everything drawn is clipped. */
  setSection(section: Section | null): void {
    this.section = section;
    if (section === null) this.renderer.clippingPlanes = [];
    else {
      const normal = new Vector3(section.axis === 'x' ? 1 : 0, section.axis === 'y' ? 1 : 0, section.axis === 'z' ? 1 : 0);
      // three keeps the side where normal · p + constant ≥ 0
      const plane = section.flip ? new Plane(normal, -section.offset) : new Plane(normal.negate(), section.offset);
      this.renderer.clippingPlanes = [plane];
    }
    this.requestRender();
  }

  /** The part under a point of the canvas (client px), or -1; parts cut away by the section are skipped. */
  partAt(clientX: number, clientY: number): number {
    const rect = this.canvas.getBoundingClientRect();
    const ray = new Raycaster();
    ray.setFromCamera(new Vector2(((clientX - rect.left) / rect.width) * 2 - 1, -((clientY - rect.top) / rect.height) * 2 + 1), this.camera);
    const planes = this.renderer.clippingPlanes;
    const hits = ray.intersectObjects(this.meshes.filter((m) => m.visible), false);
    const hit = hits.find((h) => planes.every((p) => p.distanceToPoint(h.point) >= 0));
    return hit ? (hit.object.userData['part'] as number) : -1;
  }

  /** The current highlight (null: none). */
  get highlighted(): Highlight | null {
    return this.current;
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
    return this.triangleBox(part, this.surfaceTriangles(part, surfaces));
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

  /** Highlights an item (or clears with null) and frames its overlap region (both surfaces when it has none). */
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
    const base = (i: number): Material => (i === this.picked ? this.pickedMaterial : this.stepColours ? this.stepMaterials[i]! : this.neutral);
    this.meshes.forEach((m, i) => {
      const inFocus = h === null || i === h.partA || i === h.partB;
      m.material = h === null ? base(i) : i === h.partA ? this.tintA : i === h.partB ? this.tintB : this.ghost;
      m.visible = !this.hidden.has(i) || (h !== null && (i === h.partA || i === h.partB));
      const edges = this.edges[i];
      if (edges) edges.visible = this.showEdges && inFocus;
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
    if (h.partB !== null) add(h.partB, this.surfaceTriangles(h.partB, h.surfacesB), COLORS.b, 0);
    for (const [part, tris] of [[h.partA, h.regionA], [h.partB, h.regionB]] as const) {
      if (part === null) continue;
      if (tris.length === 0) continue;
      const wire = new LineSegments(new WireframeGeometry(this.subGeometry(part, tris)), new LineBasicMaterial({ color: COLORS.region, depthTest: false, transparent: true, opacity: 0.95 }));
      wire.matrixAutoUpdate = false;
      wire.matrix.copy(this.meshes[part]!.matrix);
      wire.renderOrder = 2;
      this.highlight.add(wire);
    }
    if (frame) this.frameBox(this.focusBox(h));
  }

  /** World box of some triangles of a part. */
  triangleBox(part: number, triangles: readonly number[]): Box3 {
    const p = this.parts[part]!, m = this.meshes[part]!.matrix;
    const box = new Box3(), v = new Vector3();
    for (const t of triangles) {
      for (let k = 0; k < 3; k++) {
        const i = p.indices[3 * t + k]! * 3;
        box.expandByPoint(v.set(p.positions[i]!, p.positions[i + 1]!, p.positions[i + 2]!).applyMatrix4(m));
      }
    }
    return box;
  }

  /**
   * What a selection frames: the overlap region (the crossing / touching triangles of both
   * surfaces, where A's and B's meet) when there is one, grown to 0.3 of the smaller part's radius so the surroundings
   * show; else the selected surfaces (a clearance fit, a single part).
   */
  focusBox(h: Highlight): Box3 {
    // a big crossing triangle (a flat face's) spans far beyond the overlap: where both
    // sides' regions meet is the overlap itself
    const regionA = this.triangleBox(h.partA, h.regionA), regionB = h.partB !== null ? this.triangleBox(h.partB, h.regionB) : new Box3();
    const both = regionA.clone().intersect(regionB);
    let region = !both.isEmpty() ? both : regionA.union(regionB);
    const surfacesA = this.surfaceBox(h.partA, h.surfacesA), surfacesB = h.partB !== null ? this.surfaceBox(h.partB, h.surfacesB) : new Box3();
    // no region (a blocking contact, a clearance fit): where the two surfaces' boxes meet
    if (region.isEmpty() && h.partB !== null) region = surfacesA.clone().expandByScalar(1e-3).intersect(surfacesB.clone().expandByScalar(1e-3));
    if (region.isEmpty()) {
      const surfaces = surfacesA.union(surfacesB);
      return surfaces.isEmpty() ? this.worldBox() : surfaces;
    }
    const partRadius = (i: number): number => this.meshes[i]!.geometry.boundingSphere!.radius;
    const floor = 0.3 * Math.min(partRadius(h.partA), h.partB !== null ? partRadius(h.partB) : Infinity);
    const sphere = region.getBoundingSphere(new Sphere());
    if (sphere.radius >= floor) return region.expandByScalar(sphere.radius * 0.4); // some of what surrounds the overlap
    return new Box3().setFromCenterAndSize(sphere.center, new Vector3(floor, floor, floor).multiplyScalar(2 / Math.sqrt(3)));
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

  /** Back to where the page opened: no selection, no section, the home view of the whole assembly. */
  reset(): void {
    this.select(null, false);
    this.setSection(null);
    this.fitAll(HOME_DIRECTION);
  }

  /** The current pose matrix of a part. */
  matrixOf(part: number): Matrix4 {
    return this.meshes[part]!.matrix;
  }
}
