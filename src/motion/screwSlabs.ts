/**
 * Surfaces kept apart by a screw's own symmetry. A screw (or rotation) about an axis keeps
 * every point's distance r to the axis and moves it along the axis by t·advance only. So in
 * cylindrical coordinates about the screw axis each surface holds its ring of distances
 * [rMin, rMax] for the whole motion, and its axial extent [hMin, hMax] slides by the advance.
 * Two points are at least as far apart as their r differ, and as their h differ; hence the
 * distance of a moving surface to a still one is at least the gap between their rings
 * (constant) and at least the gap between their axial extents (changing no faster than
 * |advance|, however fast the part turns).
 *
 * That is what conservative advancement needs where the plain bound |advance| + |ω|·r_max
 * crawls: a screw's drawn thread turning inside the clearance hole of a plate (rings apart
 * by the clearance), or its head rising from the plate (axial extents apart and parting).
 * The rings and extents are measured exactly on the triangles (`shellAround`: the largest
 * distance to a line peaks at a vertex, the smallest is the exact triangle distance), not
 * on fitted primitives, so nothing depends on the fit.
 */
import type { Rigid } from '../math/rigid.js';
import { shellAround } from '../model/surfaceShell.js';
import type { Part } from '../model/types.js';
import type { RigidMotion } from './rigidMotion.js';

type Screw = Extract<RigidMotion, { kind: 'screw' }>;

/** Each surface's [rMin, rMax, hMin, hMax] about the world screw axis (h from the axis point), measured on first use. */
class AxisRanges {
  private readonly ranges: Float64Array;
  private readonly point: [number, number, number];
  private readonly axis: [number, number, number];

  constructor(private readonly part: Part, pose: Rigid, motion: Screw) {
    this.ranges = new Float64Array(4 * part.surfaces.length).fill(NaN);
    // The axis in the part's frame: p_local = Rᵀ(p − t), w_local = Rᵀw.
    const [px, py, pz] = motion.point, [wx, wy, wz] = motion.axis;
    const x = px - pose[3]!, y = py - pose[7]!, z = pz - pose[11]!;
    this.point = [pose[0]! * x + pose[4]! * y + pose[8]! * z, pose[1]! * x + pose[5]! * y + pose[9]! * z, pose[2]! * x + pose[6]! * y + pose[10]! * z];
    this.axis = [pose[0]! * wx + pose[4]! * wy + pose[8]! * wz, pose[1]! * wx + pose[5]! * wy + pose[9]! * wz, pose[2]! * wx + pose[6]! * wy + pose[10]! * wz];
  }

  /** Offset of surface s's four numbers in `ranges`, measuring them first; -1 when they cannot be measured. */
  of(s: number): number {
    const at = 4 * s;
    if (Number.isNaN(this.ranges[at]!)) {
      const shell = shellAround(this.part.surfaces[s]!, { type: 'cylinder', point: this.point, axis: this.axis });
      if (shell) this.ranges.set([shell.rMin, shell.rMax, shell.hMin, shell.hMax], at);
      else this.ranges.set([0, Infinity, -Infinity, Infinity], at);
    }
    return at;
  }

  get(k: number): number {
    return this.ranges[k]!;
  }
}

/** The symmetry bounds for one moving part against one still part under one screw. */
export class ScrewSlabs {
  private readonly moving: AxisRanges;
  private readonly still: AxisRanges;
  private readonly advance: number;
  /** |advance|, a relative 1e-9 up: rounding in the posed coordinates must not beat it. */
  private readonly rate: number;
  private readonly stillSurfaces: number;
  /** Surface pairs (sa · stillSurfaces + sb) found apart for the rest of the motion. */
  private readonly apart = new Set<number>();

  constructor(movingPart: Part, movingPose: Rigid, stillPart: Part, stillPose: Rigid, motion: Screw) {
    this.moving = new AxisRanges(movingPart, movingPose, motion);
    this.still = new AxisRanges(stillPart, stillPose, motion);
    this.advance = motion.advance;
    this.stillSurfaces = stillPart.surfaces.length;
    this.rate = Math.abs(motion.advance) * (1 + 1e-9);
  }

  /**
   * How much longer (in t) moving surface sa and still surface sb stay more than `half`
   * apart, when at fraction t they are more than `gap` apart by these bounds; null when the
   * bounds do not put them `gap` apart at t. Infinity when they never come closer (rings
   * apart, or axial extents parting).
   */
  apartFor(sa: number, sb: number, t: number, gap: number, half: number): number | null {
    const key = sa * this.stillSurfaces + sb;
    if (this.apart.has(key)) return Infinity;
    const left = this.measure(sa, sb, t, gap, half);
    // Apart for good: the rings never change, and parting axial extents only part further.
    if (left === Infinity) this.apart.add(key);
    return left;
  }

  /** Known (from an earlier `apartFor`) to stay apart for the rest of the motion. */
  never(sa: number, sb: number): boolean {
    return this.apart.has(sa * this.stillSurfaces + sb);
  }

  private measure(sa: number, sb: number, t: number, gap: number, half: number): number | null {
    const a = this.moving.of(sa), b = this.still.of(sb);
    const m = this.moving, s = this.still;
    const ringGap = Math.max(s.get(b) - m.get(a + 1), m.get(a) - s.get(b + 1));
    if (ringGap > gap) return Infinity;
    const shift = this.advance * t;
    // Moving surface below the still one (along the axis), or above it.
    const below = s.get(b + 2) - (m.get(a + 3) + shift);
    const above = m.get(a + 2) + shift - s.get(b + 3);
    if (below > gap) return this.advance > 0 ? (below - half) / this.rate : Infinity;
    if (above > gap) return this.advance < 0 ? (above - half) / this.rate : Infinity;
    return null;
  }
}
