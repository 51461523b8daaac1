// Tessellated spheres and open tubes for the shell tests: built in world coordinates, then
// stored in a part's own frame under a random rigid pose, so queries exercise the transform.
import { partFromMesh, type Part } from '../../src/index.js';

type V = [number, number, number];

export interface Placed {
  part: Part;
  /** 4×4 column-major pose placing the part's positions at the world mesh. */
  pose: number[];
}

/** A random rigid motion (rotation from a random unit quaternion, translation up to `reach`). */
export function randomRigid(rnd: () => number, reach: number): number[] {
  let q = [rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5];
  const l = Math.hypot(...q) || 1;
  q = q.map((v) => v / l);
  const [w, x, y, z] = q as [number, number, number, number];
  const r = [
    1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y),
    2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x),
    2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y),
  ];
  const t = [reach * (rnd() - 0.5), reach * (rnd() - 0.5), reach * (rnd() - 0.5)];
  // Column-major 4×4.
  return [r[0]!, r[3]!, r[6]!, 0, r[1]!, r[4]!, r[7]!, 0, r[2]!, r[5]!, r[8]!, 0, t[0]!, t[1]!, t[2]!, 1];
}

/** Stores world-space vertices in the frame of `pose` (column-major), i.e. applies its inverse. */
function toLocal(world: number[], pose: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i < world.length; i += 3) {
    const x = world[i]! - pose[12]!, y = world[i + 1]! - pose[13]!, z = world[i + 2]! - pose[14]!;
    // Rᵀ (x, y, z): the columns of R are pose[0..2], pose[4..6], pose[8..10].
    out.push(pose[0]! * x + pose[1]! * y + pose[2]! * z, pose[4]! * x + pose[5]! * y + pose[6]! * z, pose[8]! * x + pose[9]! * y + pose[10]! * z);
  }
  return out;
}

function frame(axis: V): [V, V, V] {
  const l = Math.hypot(...axis);
  const a: V = [axis[0] / l, axis[1] / l, axis[2] / l];
  const h: V = Math.abs(a[0]) < 0.6 ? [1, 0, 0] : [0, 1, 0];
  const u0: V = [h[1] * a[2] - h[2] * a[1], h[2] * a[0] - h[0] * a[2], h[0] * a[1] - h[1] * a[0]];
  const ul = Math.hypot(...u0);
  const u: V = [u0[0] / ul, u0[1] / ul, u0[2] / ul];
  const v: V = [a[1] * u[2] - a[2] * u[1], a[2] * u[0] - a[0] * u[2], a[0] * u[1] - a[1] * u[0]];
  return [u, v, a];
}

export interface Revolution {
  kind: 'sphere' | 'tube';
  centre: V;
  axis: V;
  radius: number;
  /** Tube only: length along the axis, centred on `centre`. */
  length: number;
  /** Sphere: rings pole to pole; tube: rings along the axis. */
  rings: number;
  segments: number;
  /** Angular offset of the segments (radians). */
  phase: number;
  /** Angular sectors, one surface each. */
  sectors: number;
}

/** The surface's world mesh, one surface per angular sector. */
export function revolutionMesh(s: Revolution): { positions: number[]; indices: number[]; surfaces: { first: number; last: number }[] } {
  const [u, v, a] = frame(s.axis);
  const positions: number[] = [];
  const at = (radial: number, height: number, theta: number): number => {
    const c = Math.cos(theta + s.phase) * radial, d = Math.sin(theta + s.phase) * radial;
    positions.push(s.centre[0] + c * u[0] + d * v[0] + height * a[0], s.centre[1] + c * u[1] + d * v[1] + height * a[1], s.centre[2] + c * u[2] + d * v[2] + height * a[2]);
    return positions.length / 3 - 1;
  };
  // grid[k][j]: ring k, segment j (the sphere's poles are rings of one repeated vertex).
  const grid: number[][] = [];
  for (let k = 0; k <= s.rings; k++) {
    const row: number[] = [];
    if (s.kind === 'sphere' && (k === 0 || k === s.rings)) {
      const pole = at(0, k === 0 ? s.radius : -s.radius, 0);
      for (let j = 0; j <= s.segments; j++) row.push(pole);
    } else {
      const phi = (Math.PI * k) / s.rings;
      const radial = s.kind === 'sphere' ? s.radius * Math.sin(phi) : s.radius;
      const height = s.kind === 'sphere' ? s.radius * Math.cos(phi) : s.length * (k / s.rings - 0.5);
      for (let j = 0; j < s.segments; j++) row.push(at(radial, height, (2 * Math.PI * j) / s.segments));
      row.push(row[0]!);
    }
    grid.push(row);
  }
  const indices: number[] = [];
  const surfaces: { first: number; last: number }[] = [];
  for (let q = 0; q < s.sectors; q++) {
    const first = indices.length / 3;
    const j0 = Math.round((q * s.segments) / s.sectors), j1 = Math.round(((q + 1) * s.segments) / s.sectors);
    for (let k = 0; k < s.rings; k++) {
      for (let j = j0; j < j1; j++) {
        const p = grid[k]![j]!, r = grid[k + 1]![j]!, t = grid[k + 1]![j + 1]!, w = grid[k]![j + 1]!;
        if (p === w) indices.push(p, r, t); // north pole
        else if (r === t) indices.push(p, r, w); // south pole
        else indices.push(p, r, t, p, t, w);
      }
    }
    surfaces.push({ first, last: indices.length / 3 - 1 });
  }
  return { positions, indices, surfaces };
}

/** The world mesh stored in the frame of a random pose. */
export function placedRevolution(name: string, s: Revolution, pose: number[]): Placed {
  const mesh = revolutionMesh(s);
  return { part: partFromMesh({ name, ...mesh, positions: toLocal(mesh.positions, pose) }), pose };
}
