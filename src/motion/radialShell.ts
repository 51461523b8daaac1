/**
 * Contacts a translation along a cylinder's axis cannot deepen. A shank pulled along
 * its axis through a hole touches the hole's rim faces (and the hole's cylinder, when
 * it is not the same fit) at the start; under that motion every point keeps its
 * distance to the axis. When the other surface lies wholly outside the cylinder's ring
 * (the range of distances of its triangles to the axis), or wholly inside it, but for
 * a band no wider than the allowance, the two can only ever cross within that band:
 * by their tessellations' error, never an interference, so the search need not look
 * at them. (A ring overlap alone is not enough: a hole 0.2 mm too small has its rim
 * face cross the pin's ring, though the rings share only the pin's chordal sag.)
 */
import type { Rigid } from '../math/rigid.js';
import type { SurfaceKind } from '../model/surfaceKind.js';
import type { Surface } from '../model/types.js';
import type { Vec3 } from './inputs.js';

const PARALLEL = 1 - 1e-9;

/**
 * True when `move` (world frame) runs along the axis of one of the two fitted
 * cylinders (world frame) and the other surface keeps outside (or inside) that
 * cylinder's ring but for `allowance`, less the drift a not-quite-parallel move causes.
 */
export function ringsKeptApart(
  surfaceA: Surface, rigidA: Rigid, kindA: SurfaceKind,
  surfaceB: Surface, rigidB: Rigid, kindB: SurfaceKind,
  move: Vec3, allowance: number,
): boolean {
  const length = Math.hypot(move[0], move[1], move[2]);
  if (length === 0) return false;
  for (const kind of [kindA, kindB]) {
    if (kind.type !== 'cylinder') continue;
    const u = kind.axis;
    const along = (move[0] * u[0] + move[1] * u[1] + move[2] * u[2]) / length;
    if (Math.abs(along) < PARALLEL) continue;
    // How far a point's distance to the axis can change over the move.
    const a = along * length;
    const drift = Math.hypot(move[0] - a * u[0], move[1] - a * u[1], move[2] - a * u[2]);
    const [lo, hi] = ring(kind === kindA ? surfaceA : surfaceB, kind === kindA ? rigidA : rigidB, kind.point, u);
    const [otherLo, otherHi] = ring(kind === kindA ? surfaceB : surfaceA, kind === kindA ? rigidB : rigidA, kind.point, u);
    // The other surface wholly outside the cylinder's ring, or wholly inside it, but for a
    // band of at most the allowance (less the drift) where they may cross.
    const slack = allowance - drift;
    if (otherLo >= hi - slack || otherHi <= lo + slack) return true;
  }
  return false;
}

/**
 * [min, max] distance of the surface's triangles (posed by `rigid`) to the world line
 * c + s·u (u unit): the max at a vertex (distance to a line is convex), the min from the
 * triangle projected on the plane ⊥ u (0 when it covers the axis, else its nearest
 * edge). Worked in the part's frame: the line goes there once, the vertices stay put.
 */
export function ring(surface: Surface, rigid: Rigid, c: Vec3, u: Vec3): [number, number] {
  // The line in the part's frame: p_local = Rᵀ(p − t).
  const cx = c[0] - rigid[3]!, cy = c[1] - rigid[7]!, cz = c[2] - rigid[11]!;
  const lc: Vec3 = [rigid[0]! * cx + rigid[4]! * cy + rigid[8]! * cz, rigid[1]! * cx + rigid[5]! * cy + rigid[9]! * cz, rigid[2]! * cx + rigid[6]! * cy + rigid[10]! * cz];
  const lu: Vec3 = [rigid[0]! * u[0] + rigid[4]! * u[1] + rigid[8]! * u[2], rigid[1]! * u[0] + rigid[5]! * u[1] + rigid[9]! * u[2], rigid[2]! * u[0] + rigid[6]! * u[1] + rigid[10]! * u[2]];
  // One sweep asks for the same surface about the same axis once per neighbour surface.
  const key = `${lc.join()} ${lu.join()}`;
  let memo = rings.get(surface);
  const known = memo?.find((m) => m.key === key);
  if (known) return known.ring;
  const computed = ringInPartFrame(surface, lc, lu);
  if (!memo) rings.set(surface, (memo = []));
  if (memo.length >= 4) memo.shift();
  memo.push({ key, ring: computed });
  return computed;
}

/** The last few rings of each surface, keyed by the axis in the part's frame. */
const rings = new WeakMap<Surface, { key: string; ring: [number, number] }[]>();

function ringInPartFrame(surface: Surface, lc: Vec3, lu: Vec3): [number, number] {
  const e1 = perpendicular(lu);
  const e2: Vec3 = [lu[1] * e1[2] - lu[2] * e1[1], lu[2] * e1[0] - lu[0] * e1[2], lu[0] * e1[1] - lu[1] * e1[0]];
  const { positions, indices } = surface.part;
  let lo = Infinity, hi2 = 0;
  for (let t = surface.firstTriangle, end = surface.firstTriangle + surface.triangleCount; t < end; t++) {
    for (let k = 0; k < 3; k++) {
      const v = 3 * indices[3 * t + k]!;
      const x = positions[v]! - lc[0], y = positions[v + 1]! - lc[1], z = positions[v + 2]! - lc[2];
      const px = x * e1[0] + y * e1[1] + z * e1[2], py = x * e2[0] + y * e2[1] + z * e2[2];
      xy[2 * k] = px;
      xy[2 * k + 1] = py;
      const r2 = px * px + py * py;
      if (r2 > hi2) hi2 = r2;
    }
    if (lo > 0) lo = Math.min(lo, originToTriangle2d(xy));
  }
  return [lo, Math.sqrt(hi2)];
}

const xy = new Float64Array(6);

function perpendicular(u: Vec3): Vec3 {
  // Cross with the axis u is least aligned with.
  const ax = Math.abs(u[0]), ay = Math.abs(u[1]), az = Math.abs(u[2]);
  const w: Vec3 = ax <= ay && ax <= az ? [1, 0, 0] : ay <= az ? [0, 1, 0] : [0, 0, 1];
  const v: Vec3 = [u[1] * w[2] - u[2] * w[1], u[2] * w[0] - u[0] * w[2], u[0] * w[1] - u[1] * w[0]];
  const n = Math.hypot(v[0], v[1], v[2]);
  return [v[0] / n, v[1] / n, v[2] / n];
}

/** Distance from (0, 0) to the 2-D triangle (x0, y0, x1, y1, x2, y2), 0 inside. */
export function originToTriangle2d(p: Float64Array): number {
  let best = Infinity;
  let sign = 0, inside = true;
  for (let i = 0; i < 3; i++) {
    const j = i === 2 ? 0 : i + 1;
    const ax = p[2 * i]!, ay = p[2 * i + 1]!, bx = p[2 * j]!, by = p[2 * j + 1]!;
    const ex = bx - ax, ey = by - ay;
    // Which side of the edge the origin is on (cross of edge with a→origin).
    const side = ex * -ay - ey * -ax;
    if (side !== 0) {
      const s = side > 0 ? 1 : -1;
      if (sign === 0) sign = s;
      else if (s !== sign) inside = false;
    }
    const e2 = ex * ex + ey * ey;
    const f = e2 > 0 ? Math.min(1, Math.max(0, (-ax * ex - ay * ey) / e2)) : 0;
    const dx = ax + f * ex, dy = ay + f * ey;
    best = Math.min(best, dx * dx + dy * dy);
  }
  return inside ? 0 : Math.sqrt(best);
}
