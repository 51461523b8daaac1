/**
 * Contacts a motion along (or about) a cylinder's axis cannot deepen. A shank pulled
 * along its axis through a hole touches the hole's rim faces (and the hole's cylinder,
 * when it is not the same fit) at the start, a nut unscrewed touches its bolt's faces;
 * under such a motion every point keeps its distance to the axis. When the other surface lies wholly outside the cylinder's ring
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
import type { RigidMotion } from './rigidMotion.js';
import { perSurface, type DerivedKind } from '../model/derived.js';

const PARALLEL = 1 - 1e-9;

/**
 * True when the motion runs along (translation) or about and along (screw) the axis of
 * one of the two fitted cylinders (world frame), and the other surface keeps outside (or
 * inside) that cylinder's ring but for `allowance`, less the drift of its points' distance
 * to the axis that a not-quite-coaxial motion causes.
 */
export function ringsKeptApart(
  surfaceA: Surface, rigidA: Rigid, kindA: SurfaceKind,
  surfaceB: Surface, rigidB: Rigid, kindB: SurfaceKind,
  motion: RigidMotion, allowance: number,
): boolean {
  for (const kind of [kindA, kindB]) {
    if (kind.type !== 'cylinder') continue;
    const own = kind === kindA;
    const other = own ? surfaceB : surfaceA, otherRigid = own ? rigidB : rigidA;
    const [lo, hi] = ring(own ? surfaceA : surfaceB, own ? rigidA : rigidB, kind.point, kind.axis);
    const [otherLo, otherHi, otherReach] = ringWithReach(other, otherRigid, kind.point, kind.axis);
    const drift = ringDrift(motion, kind.point, kind.axis, otherReach);
    // The other surface wholly outside the cylinder's ring, or wholly inside it, but for a
    // band of at most the allowance (less the drift) where they may cross.
    const slack = allowance - drift;
    if (otherLo >= hi - slack || otherHi <= lo + slack) return true;
  }
  return false;
}

/**
 * How far a point's distance to the line c + s·u can change over the motion, for points
 * within `reach` of c; Infinity when the motion is not along (and about) that line.
 * Translation: its part across u. Screw about (p, w) by θ with advance h: compared
 * with the same screw about the line itself (which keeps every such distance), a point
 * is off by at most |θ|·(distance of c from the screw axis) + ‖R_w − R_u‖·reach + |h|·|w − u|,
 * with ‖R_w(θ) − R_u(θ)‖ ≤ 2α and |w − u| ≤ α for axes α apart.
 */
function ringDrift(motion: RigidMotion, c: Vec3, u: Vec3, reach: number): number {
  if (motion.kind === 'translate') {
    const m = motion.vector;
    const length = Math.hypot(m[0], m[1], m[2]);
    if (length === 0) return 0;
    const along = m[0] * u[0] + m[1] * u[1] + m[2] * u[2];
    if (Math.abs(along) < PARALLEL * length) return Infinity;
    return Math.hypot(m[0] - along * u[0], m[1] - along * u[1], m[2] - along * u[2]);
  }
  const w = motion.axis;
  const cos = Math.abs(w[0] * u[0] + w[1] * u[1] + w[2] * u[2]);
  if (cos < PARALLEL) return Infinity;
  const alpha = Math.sqrt(Math.max(0, 1 - cos * cos)) * (1 + 1e-9) + 1e-15;
  const dx = c[0] - motion.point[0], dy = c[1] - motion.point[1], dz = c[2] - motion.point[2];
  const s = dx * w[0] + dy * w[1] + dz * w[2];
  const offAxis = Math.hypot(dx - s * w[0], dy - s * w[1], dz - s * w[2]);
  return Math.abs(motion.angle) * offAxis + 2 * alpha * reach + Math.abs(motion.advance) * alpha;
}

/**
 * [min, max] distance of the surface's triangles (posed by `rigid`) to the world line
 * c + s·u (u unit), measured as `shellAround` measures a cylinder shell: exact, in the
 * part's frame (the line goes there once, the vertices stay put).
 */
export function ring(surface: Surface, rigid: Rigid, c: Vec3, u: Vec3): [number, number] {
  const [lo, hi] = ringWithReach(surface, rigid, c, u);
  return [lo, hi];
}

/** `ring`, and the largest distance of the surface's points from c. */
function ringWithReach(surface: Surface, rigid: Rigid, c: Vec3, u: Vec3): [number, number, number] {
  // The line in the part's frame: p_local = Rᵀ(p − t).
  const cx = c[0] - rigid[3]!, cy = c[1] - rigid[7]!, cz = c[2] - rigid[11]!;
  const lc: Vec3 = [rigid[0]! * cx + rigid[4]! * cy + rigid[8]! * cz, rigid[1]! * cx + rigid[5]! * cy + rigid[9]! * cz, rigid[2]! * cx + rigid[6]! * cy + rigid[10]! * cz];
  const lu: Vec3 = [rigid[0]! * u[0] + rigid[4]! * u[1] + rigid[8]! * u[2], rigid[1]! * u[0] + rigid[5]! * u[1] + rigid[9]! * u[2], rigid[2]! * u[0] + rigid[6]! * u[1] + rigid[10]! * u[2]];
  // One sweep asks for the same surface about the same axis once per neighbour surface.
  const key = `${lc.join()} ${lu.join()}`;
  const memos = perSurface(RINGS, surface.part);
  let memo = memos[surface.index];
  const known = memo?.find((m) => m.key === key);
  if (known) return known.ring;
  // The shell's measure (exact, widened by a rounding slack) about this axis.
  const shell = shellAround(surface, { type: 'cylinder', point: lc, axis: lu });
  // reach: how far from c any point is (radius and axial extent).
  const computed: [number, number, number] = shell ? [shell.rMin, shell.rMax, Math.hypot(shell.rMax, Math.max(Math.abs(shell.hMin), Math.abs(shell.hMax)))] : [0, Infinity, Infinity];
  if (!memo) memos[surface.index] = memo = [];
  if (memo.length >= 4) memo.shift();
  memo.push({ key, ring: computed });
  return computed;
}

/** The last few rings of each surface, keyed by the axis in the part's frame (a memo of one sweep's axes: not kept). */
const RINGS: DerivedKind<({ key: string; ring: [number, number, number] }[] | undefined)[]> = { name: 'radial-rings' };
