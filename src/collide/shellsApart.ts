/**
 * The shell test: two surfaces are farther apart than `reach` when one shell's
 * body (a ball, or a capped cylinder, holding all its triangles) lies in the other's
 * hollow (the open ball or infinite cylinder of radius rMin that none of its triangles
 * enter) with `reach` to spare. Distance to a point or a line is 1-Lipschitz, so a body
 * point x and a triangle point y satisfy |x − y| ≥ rMin − dist(x) ≥ the spare.
 */
import type { Rigid } from '../math/rigid.js';
import type { SurfaceShell } from '../model/surfaceShell.js';

/** Float error of the few operations below, relative to the magnitudes they combine. */
const SLACK = 1e-12;

/** B's shell moved into A's frame: centre or axis point (0–2), axis (3–5). */
const movedB = new Float64Array(6);

/**
 * True when the triangles of the surface with shell `a` (A's frame) and of the one with
 * shell `b` (B's frame, placed by bToA) are provably more than `reach` apart.
 */
export function shellsApart(a: SurfaceShell, b: SurfaceShell, bToA: Rigid, reach: number): boolean {
  const m = bToA;
  movedB[0] = m[0]! * b.cx + m[1]! * b.cy + m[2]! * b.cz + m[3]!;
  movedB[1] = m[4]! * b.cx + m[5]! * b.cy + m[6]! * b.cz + m[7]!;
  movedB[2] = m[8]! * b.cx + m[9]! * b.cy + m[10]! * b.cz + m[11]!;
  movedB[3] = m[0]! * b.ax + m[1]! * b.ay + m[2]! * b.az;
  movedB[4] = m[4]! * b.ax + m[5]! * b.ay + m[6]! * b.az;
  movedB[5] = m[8]! * b.ax + m[9]! * b.ay + m[10]! * b.az;
  const spare = reach + SLACK * (a.scale + b.scale + Math.abs(m[3]!) + Math.abs(m[7]!) + Math.abs(m[11]!));
  const bx = movedB[0]!, by = movedB[1]!, bz = movedB[2]!, bax = movedB[3]!, bay = movedB[4]!, baz = movedB[5]!;
  // A's body in B's hollow.
  if (b.rMin > 0 && bodyReach(a.cx, a.cy, a.cz, a.ax, a.ay, a.az, a, bx, by, bz, bax, bay, baz, b.cylinder) < b.rMin - spare) return true;
  // B's body in A's hollow.
  return a.rMin > 0 && bodyReach(bx, by, bz, bax, bay, baz, b, a.cx, a.cy, a.cz, a.ax, a.ay, a.az, a.cylinder) < a.rMin - spare;
}

/**
 * Largest distance from the body of `shell` (centre c, axis d, in the common frame) to the
 * hollow's centre p (or axis line p + t·e): a ball's is the centre's plus rMax; a capped
 * cylinder's peaks on one of its two end circles, so the larger end centre's plus rMax.
 */
function bodyReach(
  cx: number, cy: number, cz: number, dx: number, dy: number, dz: number, shell: SurfaceShell,
  px: number, py: number, pz: number, ex: number, ey: number, ez: number, line: boolean,
): number {
  if (!shell.cylinder) return pointReach(cx - px, cy - py, cz - pz, ex, ey, ez, line) + shell.rMax;
  const lo = shell.hMin, hi = shell.hMax;
  const r0 = pointReach(cx + lo * dx - px, cy + lo * dy - py, cz + lo * dz - pz, ex, ey, ez, line);
  const r1 = pointReach(cx + hi * dx - px, cy + hi * dy - py, cz + hi * dz - pz, ex, ey, ez, line);
  return (r0 > r1 ? r0 : r1) + shell.rMax;
}

/** |v|, or with `line` the length of v's part across the unit direction e. */
function pointReach(vx: number, vy: number, vz: number, ex: number, ey: number, ez: number, line: boolean): number {
  if (!line) return Math.sqrt(vx * vx + vy * vy + vz * vz);
  const t = vx * ex + vy * ey + vz * ez;
  const x = vx - t * ex, y = vy - t * ey, z = vz - t * ez;
  return Math.sqrt(x * x + y * y + z * z);
}
