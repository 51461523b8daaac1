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
import { shellAround } from '../model/surfaceShell.js';
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
 * c + s·u (u unit), measured as `shellAround` measures a cylinder shell: exact, in the
 * part's frame (the line goes there once, the vertices stay put).
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
  // The shell's measure (exact, widened by a rounding slack) about this axis.
  const shell = shellAround(surface, { type: 'cylinder', point: lc, axis: lu });
  const computed: [number, number] = shell ? [shell.rMin, shell.rMax] : [0, Infinity];
  if (!memo) rings.set(surface, (memo = []));
  if (memo.length >= 4) memo.shift();
  memo.push({ key, ring: computed });
  return computed;
}

/** The last few rings of each surface, keyed by the axis in the part's frame. */
const rings = new WeakMap<Surface, { key: string; ring: [number, number] }[]>();
