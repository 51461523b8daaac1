// Generated test meshes and pose helpers for the benchmark scenarios.
import { Matrix4 } from 'three';
import { partFromMesh, type Part } from '../../entries/index.js';

interface Grid {
  positions: number[];
  indices: number[];
  surfaces: { first: number; last: number }[];
}

/**
 * A torus (major radius R, minor r) on a u×v grid, its triangles grouped into
 * `patches` surfaces: equal sectors of the major angle (4 = quarter patches).
 */
export function torusPart(R: number, r: number, nu: number, nv: number, patches = 4, name = 'torus'): Part {
  const positions: number[] = [];
  for (let i = 0; i < nu; i++) {
    const u = (2 * Math.PI * i) / nu;
    for (let j = 0; j < nv; j++) {
      const v = (2 * Math.PI * j) / nv;
      const w = R + r * Math.cos(v);
      positions.push(w * Math.cos(u), w * Math.sin(u), r * Math.sin(v));
    }
  }
  const vid = (i: number, j: number): number => (i % nu) * nv + (j % nv);
  const g: Grid = { positions, indices: [], surfaces: [] };
  for (let p = 0; p < patches; p++) {
    const first = g.indices.length / 3;
    const i0 = Math.round((p * nu) / patches), i1 = Math.round(((p + 1) * nu) / patches);
    for (let i = i0; i < i1; i++) {
      for (let j = 0; j < nv; j++) {
        g.indices.push(vid(i, j), vid(i + 1, j), vid(i + 1, j + 1), vid(i, j), vid(i + 1, j + 1), vid(i, j + 1));
      }
    }
    g.surfaces.push({ first, last: g.indices.length / 3 - 1 });
  }
  return partFromMesh({ name, ...g });
}

/**
 * A UV sphere: `rings` latitude bands, `segments` longitude steps, poles as fans.
 * 2·segments·(rings − 1) triangles; 8 surfaces (4 longitude quarters × 2 hemispheres).
 * Two spheres with the same rings/segments and different radii are scaled copies, so
 * concentric ones are in parallel close proximity and never intersect.
 */
export function spherePart(radius: number, rings: number, segments: number, name = 'sphere'): Part {
  const positions: number[] = [0, 0, radius]; // north pole = vertex 0
  for (let k = 1; k < rings; k++) {
    const phi = (Math.PI * k) / rings;
    for (let s = 0; s < segments; s++) {
      const theta = (2 * Math.PI * s) / segments;
      positions.push(radius * Math.sin(phi) * Math.cos(theta), radius * Math.sin(phi) * Math.sin(theta), radius * Math.cos(phi));
    }
  }
  const south = positions.length / 3;
  positions.push(0, 0, -radius);
  const ring = (k: number, s: number): number => 1 + (k - 1) * segments + (s % segments);
  const g: Grid = { positions, indices: [], surfaces: [] };
  const half = Math.floor(rings / 2);
  for (const [kFrom, kTo] of [[0, half], [half, rings]] as const) {
    for (let q = 0; q < 4; q++) {
      const first = g.indices.length / 3;
      const s0 = Math.round((q * segments) / 4), s1 = Math.round(((q + 1) * segments) / 4);
      for (let k = kFrom; k < kTo; k++) {
        for (let s = s0; s < s1; s++) {
          if (k === 0) g.indices.push(0, ring(1, s), ring(1, s + 1));
          else if (k === rings - 1) g.indices.push(ring(k, s), south, ring(k, s + 1));
          else g.indices.push(ring(k, s), ring(k + 1, s), ring(k + 1, s + 1), ring(k, s), ring(k + 1, s + 1), ring(k, s + 1));
        }
      }
      g.surfaces.push({ first, last: g.indices.length / 3 - 1 });
    }
  }
  return partFromMesh({ name, ...g });
}

/**
 * A copy of a part centred on its box centre and scaled uniformly so it fits a cube of
 * side 2 (Zachmann's protocol). Surfaces are kept.
 */
export function normalizedCopy(part: Part, name = part.name): Part {
  const b = part.bounds;
  const cx = (b[0]! + b[3]!) / 2, cy = (b[1]! + b[4]!) / 2, cz = (b[2]! + b[5]!) / 2;
  const scale = 2 / Math.max(b[3]! - b[0]!, b[4]! - b[1]!, b[5]! - b[2]!);
  const p = part.positions;
  const positions = new Float64Array(p.length);
  for (let i = 0; i < p.length; i += 3) {
    positions[i] = (p[i]! - cx) * scale;
    positions[i + 1] = (p[i + 1]! - cy) * scale;
    positions[i + 2] = (p[i + 2]! - cz) * scale;
  }
  return partFromMesh({
    name,
    positions,
    indices: part.indices,
    surfaces: part.surfaces.map((s) => ({ first: s.firstTriangle, last: s.firstTriangle + s.triangleCount - 1 })),
  });
}

export const IDENTITY = new Matrix4();

export function translation(x: number, y: number, z: number): Matrix4 {
  return new Matrix4().makeTranslation(x, y, z);
}

/** Tumbling pose: rotate by θ about z and by θ about x (about the origin = the normalized part's centre), then move by (d, 0, 0). */
export function tumblePose(theta: number, d: number): Matrix4 {
  const rz = new Matrix4().makeRotationZ(theta);
  const rx = new Matrix4().makeRotationX(theta);
  return new Matrix4().makeTranslation(d, 0, 0).multiply(rz).multiply(rx);
}

/** N poses evenly spaced (by length) along a polyline of translations, both ends included. */
export function polylinePoses(waypoints: [number, number, number][], steps: number): Matrix4[] {
  const lengths = waypoints.slice(1).map((w, i) => Math.hypot(w[0] - waypoints[i]![0], w[1] - waypoints[i]![1], w[2] - waypoints[i]![2]));
  const total = lengths.reduce((a, b) => a + b, 0);
  const poses: Matrix4[] = [];
  for (let s = 0; s < steps; s++) {
    let along = steps === 1 ? 0 : (total * s) / (steps - 1);
    let seg = 0;
    while (seg < lengths.length - 1 && along > lengths[seg]!) along -= lengths[seg++]!;
    const t = lengths[seg]! === 0 ? 0 : Math.min(1, along / lengths[seg]!);
    const a = waypoints[seg]!, b = waypoints[seg + 1]!;
    poses.push(translation(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t));
  }
  return poses;
}
