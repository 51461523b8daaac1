import { Matrix4, Quaternion, Vector3 } from 'three';
import { partFromMesh, type Part } from '../../src/index.js';

/** A tiny deterministic PRNG so soups are reproducible from a fast-check seed. */
export function mulberry32(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SoupOptions {
  triangles: number;
  surfaces: number;
  /** Snap coordinates to a grid of this step (makes touching / coplanar cases frequent); 0 = no snapping. */
  grid: number;
  size: number;
  /** Fraction of degenerate triangles (collinear or coincident points). */
  degenerate: number;
  offset?: [number, number, number];
}

/** A random triangle soup split into `surfaces` contiguous ranges (some may be empty). */
export function randomSoup(name: string, seed: number, o: SoupOptions): Part {
  const rnd = mulberry32(seed);
  const snap = (v: number): number => (o.grid > 0 ? Math.round(v / o.grid) * o.grid : v);
  const positions: number[] = [];
  const [ox, oy, oz] = o.offset ?? [0, 0, 0];
  for (let t = 0; t < o.triangles; t++) {
    // Small triangles scattered in a cube, so the trees have something to prune.
    const cx = rnd() * o.size, cy = rnd() * o.size, cz = rnd() * o.size;
    const r = o.size * (0.05 + 0.15 * rnd());
    const pts: number[][] = [];
    for (let k = 0; k < 3; k++) pts.push([cx + (rnd() - 0.5) * r, cy + (rnd() - 0.5) * r, cz + (rnd() - 0.5) * r]);
    if (rnd() < o.degenerate) {
      if (rnd() < 0.5) pts[2] = pts[0]!.map((v, k) => (v + pts[1]![k]!) / 2); // collinear
      else pts[1] = pts[2] = pts[0]!; // a point
    }
    for (const p of pts) positions.push(snap(p[0]!) + ox, snap(p[1]!) + oy, snap(p[2]!) + oz);
  }
  // Cut points for surfaces; duplicates give empty surfaces, as real CAD files have.
  const cuts = Array.from({ length: o.surfaces - 1 }, () => Math.floor(rnd() * (o.triangles + 1))).sort((a, b) => a - b);
  const bounds = [0, ...cuts, o.triangles];
  const surfaces = bounds.slice(0, -1).map((first, i) => ({ first, last: bounds[i + 1]! - 1 }));
  return partFromMesh({ name, positions, surfaces });
}

/** A random rigid pose whose translation is within `spread` of the origin. */
export function randomPose(rnd: () => number, spread: number): Matrix4 {
  const q = new Quaternion(rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5).normalize();
  const t = new Vector3((rnd() - 0.5) * spread, (rnd() - 0.5) * spread, (rnd() - 0.5) * spread);
  return new Matrix4().compose(t, q, new Vector3(1, 1, 1));
}

/** A pose from the 24 axis rotations with an integer translation: exact in floating point. */
export function gridPose(rnd: () => number, spread: number): number[] {
  const axes = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const perm = [0, 1, 2].sort(() => rnd() - 0.5);
  const signs = [rnd() < 0.5 ? -1 : 1, rnd() < 0.5 ? -1 : 1, 1];
  const cols = perm.map((p, i) => axes[p]!.map((v) => v * signs[i]!));
  // Make it a rotation (det +1).
  const det = cols[0]![0]! * (cols[1]![1]! * cols[2]![2]! - cols[1]![2]! * cols[2]![1]!) - cols[0]![1]! * (cols[1]![0]! * cols[2]![2]! - cols[1]![2]! * cols[2]![0]!) + cols[0]![2]! * (cols[1]![0]! * cols[2]![1]! - cols[1]![1]! * cols[2]![0]!);
  if (det < 0) cols[2] = cols[2]!.map((v) => -v);
  const t = [0, 1, 2].map(() => Math.round((rnd() - 0.5) * spread));
  return [...cols[0]!, 0, ...cols[1]!, 0, ...cols[2]!, 0, ...t, 1];
}

export function sortedPairs(pairs: { a: number; b: number; relation?: string; depth?: number }[]): string[] {
  return pairs.map((p) => `${p.a}/${p.b}${p.relation ? ':' + p.relation : ''}${p.depth !== undefined ? ':' + p.depth : ''}`).sort();
}

export function sortedTrianglePairs(flat: Uint32Array | undefined): string[] {
  const out: string[] = [];
  if (!flat) return out;
  for (let i = 0; i < flat.length; i += 2) out.push(`${flat[i]}/${flat[i + 1]}`);
  return out.sort();
}
