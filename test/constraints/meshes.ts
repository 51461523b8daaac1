/** Hand-made parts for rule tests: cylinders and rectangles with exact vertex normals. */
import { partFromMesh, type Assembly, type Part } from '../../src/index.js';

export interface Patch {
  positions: number[];
  normals: number[];
  indices: number[];
}

/**
 * A cylinder band about the z axis through (cx, cy): radius r, z0..z1, angles a0..a1 in n
 * facets. `inward`: a hole (normals and winding toward the axis).
 */
export function band(r: number, z0: number, z1: number, { n = 24, inward = false, a0 = 0, a1 = 2 * Math.PI, cx = 0, cy = 0 } = {}): Patch {
  const positions: number[] = [], normals: number[] = [], indices: number[] = [];
  const s = inward ? -1 : 1;
  for (let i = 0; i <= n; i++) {
    const a = a0 + ((a1 - a0) * i) / n;
    const c = Math.cos(a), d = Math.sin(a);
    positions.push(cx + r * c, cy + r * d, z0, cx + r * c, cy + r * d, z1);
    normals.push(s * c, s * d, 0, s * c, s * d, 0);
  }
  for (let i = 0; i < n; i++) {
    const b0 = 2 * i, t0 = 2 * i + 1, b1 = 2 * i + 2, t1 = 2 * i + 3;
    if (inward) indices.push(b0, t1, b1, b0, t0, t1);
    else indices.push(b0, b1, t1, b0, t1, t0);
  }
  return { positions, normals, indices };
}

/** A rectangle in the plane z = h, x0..x1 × y0..y1, facing +z (or -z with `down`). */
export function rect(x0: number, x1: number, y0: number, y1: number, h: number, down = false): Patch {
  const positions = [x0, y0, h, x1, y0, h, x1, y1, h, x0, y1, h];
  const nz = down ? -1 : 1;
  return { positions, normals: [0, 0, nz, 0, 0, nz, 0, 0, nz, 0, 0, nz], indices: down ? [0, 2, 1, 0, 3, 2] : [0, 1, 2, 0, 2, 3] };
}

/** One part, one surface per patch. */
export function part(name: string, patches: Patch[]): Part {
  const positions: number[] = [], normals: number[] = [], indices: number[] = [];
  const surfaces: { first: number; last: number }[] = [];
  for (const p of patches) {
    const base = positions.length / 3, first = indices.length / 3;
    positions.push(...p.positions);
    normals.push(...p.normals);
    indices.push(...p.indices.map((i) => i + base));
    surfaces.push({ first, last: indices.length / 3 - 1 });
  }
  return partFromMesh({ name, positions, normals, indices, surfaces });
}

export function assemblyOf(parts: Part[]): Assembly {
  return { name: 'test', units: 'mm', root: { name: '', path: '', children: [], parts: parts.map((_, i) => i) }, parts };
}
