import { SurfcdError } from '../errors.js';
import { aabbsOverlap, emptyAabb, growAabb, intersectAabbs, transformAabb } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import type { Part } from '../model/types.js';
import { addStats, emptyStats, type QueryStats } from '../traverse/stats.js';
import { solidPenetration } from '../verdict/penetration.js';
import { solidDeeperThan } from '../verdict/solidDeeper.js';
import { overlapDepth } from './overlapDepth.js';
import { advanceScrew } from './advance.js';
import { sweepTranslation } from './sweepTranslation.js';
import { distanceRigid } from './distance.js';
import type { Vec3 } from './inputs.js';
import { motionBound, poseAt, screwEnvelope, validateMotion, type RigidMotion } from './rigidMotion.js';
import { namedAtStop } from './stopPose.js';
import { contactAllowance, contactKeptByMotion, interferingSurfacePairs, nearAndInterfering, surfacePairVerdict, surfacesMate } from './verdict.js';
import { DEFAULT_TOLERANCE } from '../model/tolerance.js';

/** Parts and where they are: poses[i] is the world pose of parts[i]. */
export interface Scene {
  parts: readonly Part[];
  poses: readonly Rigid[];
}

export interface SweepOptions {
  /** mm: closer than this counts as contact (and enters the interference verdict). Default 0.01. */
  tolerance?: number;
  /** Part pairs (indices into scene.parts) that may pass through each other. */
  ignore?: (moving: number, other: number) => boolean;
  /** Cap on contact events (translation) or advancement steps (rotation, screw). Default 10 000. */
  maxIterations?: number;
  /** Measure the clearance to the parts not touched at the start (default true; planners that only need free or blocked skip it). */
  clearance?: boolean;
}

export interface BlockingPair {
  /** Index of the moving part and of the part it runs into. */
  moving: number;
  other: number;
  surfaceMoving: number;
  surfaceOther: number;
  /** Penetration the move would cause just past the block (mm), by the contacts verdict. */
  depth: number;
}

export interface SweepContact {
  moving: number;
  other: number;
  surfaceMoving: number;
  surfaceOther: number;
  /** World frame, at the blocking pose. */
  point: Vec3;
  /** Unit normal from the other part toward the moving one. */
  normal: Vec3;
}

export interface Clearance {
  /** Smallest distance (mm) to the parts not touched at the start, over the part of the move done. */
  distance: number;
  fraction: number;
  moving: number;
  other: number;
  surfaceMoving: number;
  surfaceOther: number;
  pointMoving: Vec3;
  pointOther: Vec3;
}

export interface SweepResult {
  status: 'free' | 'blocked' | 'out-of-iterations';
  /** Fraction of the motion done: 1 when free, the first blocking contact otherwise. */
  fraction: number;
  /** Surface pairs that would interfere just past `fraction` (empty when free). */
  blocking: BlockingPair[];
  /** The contact where the motion stops (blocked only). */
  contact: SweepContact | null;
  clearance: Clearance | null;
  /** Pairs that already interfered at the start: allowed contact, a block only where the move goes deeper. */
  preexisting: BlockingPair[];
  iterations: number;
  stats: QueryStats;
}

const DEFAULT_MAX_ITERATIONS = 10_000;
/** Points of each solid sampled when comparing an overlap's depth with the start. */
const SOLID_SAMPLES = 400;

/**
 * Moves `moving` (indices into scene.parts) rigidly by `motion` and says whether they
 * get through the rest of the scene, or where they are blocked and by which surfaces.
 *
 * Contacts at the start are not collisions. A contact event (the exact time of impact
 * for a translation, conservative advancement for a rotation or screw) blocks only if
 * moving on makes the pair *interfere* by the same verdict as `surfcd contacts`: the
 * verdict is asked a little past the event, where the contact has gone `4 × allowance`
 * deep along its normal (allowance = tolerance + chordal sag). A pair that separates,
 * slides along, or stays within the tessellation error is let through.
 */
export function sweepParts(scene: Scene, moving: readonly number[], motionIn: RigidMotion, options: SweepOptions = {}): SweepResult {
  const tolerance = options.tolerance ?? DEFAULT_TOLERANCE;
  if (typeof tolerance !== 'number' || !(tolerance >= 0) || !Number.isFinite(tolerance)) {
    throw new SurfcdError('INVALID_OPTION', `sweepParts: tolerance must be a finite number ≥ 0 (mm), got ${String(tolerance)}`);
  }
  const maxIterations = options.maxIterations ?? DEFAULT_MAX_ITERATIONS;
  const motion = validateMotion(motionIn, 'sweepParts');
  const movingSet = new Set(moving);
  for (const i of moving) if (!scene.parts[i]) throw new SurfcdError('UNKNOWN_PART', `sweepParts: no part ${i} in the scene`);
  const ctx = new SweepContext(scene, [...movingSet].sort((x, y) => x - y), motion, tolerance, options.ignore, options.clearance ?? true);
  return motion.kind === 'translate' ? sweepTranslation(ctx, maxIterations) : advanceScrew(ctx, maxIterations);
}

/** What both sweep strategies share: the candidate pairs, the verdict and the reports. */
export class SweepContext {
  readonly stats = emptyStats();
  readonly bound: number;
  /** [moving, other] part pairs whose boxes can meet during the motion. */
  readonly pairs: [number, number][] = [];
  /** Part pairs within the motion-bound box that the motion's true envelope never reaches: clearance only. */
  private readonly outOfReach: [number, number][] = [];
  readonly preexisting: BlockingPair[] = [];
  /**
   * Deepest interference of each part pair at the start ("m:o" → mm). An overlap drawn into
   * the model (a thread at nominal diameter, a press fit, a spring drawn compressed) is
   * allowed contact: the move blocks on that pair only where it goes deeper than this.
   */
  private readonly startDepth = new Map<string, number>();
  /** The same on the solids (null: a mesh is open), measured when first needed. */
  private readonly startSolidDepth = new Map<string, number | null>();
  /** Pairs whose starting solid depth has been searched for (overlapDepth), not only sampled. */
  private readonly searched = new Set<string>();
  /** Surface pairs within the allowance at the start ("m:o:sm:so"). */
  readonly startContacts = new Set<string>();
  /** Start contacts the motion keeps coincident (a shaft sliding in its bore): never a block, left out of every search. */
  readonly kept = new Set<string>();
  /** Start contacts whose fitted surfaces mate (a seat, a fit, a tangent line): what a person names first when forced. */
  readonly fits = new Set<string>();
  /** Part pairs touching at the start ("m:o"): clearance is measured to the other parts. */
  readonly touching = new Set<string>();
  private readonly scratch = new Float64Array(12);

  constructor(
    readonly scene: Scene,
    readonly moving: number[],
    readonly motion: RigidMotion,
    readonly tolerance: number,
    ignore?: (moving: number, other: number) => boolean,
    private readonly measureClearance = true,
  ) {
    const movingParts = moving.map((i) => scene.parts[i]!);
    const movingPoses = moving.map((i) => scene.poses[i]!);
    this.bound = motionBound(motion, movingParts, movingPoses);
    const movingSet = new Set(moving);
    const swept = emptyAabb();
    const box = emptyAabb();
    for (const i of moving) {
      for (const t of [0, 1]) {
        transformAabb(scene.parts[i]!.bounds, poseAt(motion, t, scene.poses[i]!, this.scratch), box);
        for (let k = 0; k < 3; k++) {
          swept[k] = Math.min(swept[k]!, box[k]!);
          swept[k + 3] = Math.max(swept[k + 3]!, box[k + 3]!);
        }
      }
    }
    // A screw's path bulges between its ends: grow by the bound (every point moves at most that far).
    const grow = motion.kind === 'translate' ? 0 : this.bound;
    const reach = tolerance + grow + 1e-9 * (1 + this.bound);
    for (let k = 0; k < 3; k++) {
      swept[k] = swept[k]! - reach;
      swept[k + 3] = swept[k + 3]! + reach;
    }
    // Turning parts stay in the cylinder about the axis: only what meets it can be hit (the
    // clearance is still measured to every part within the looser box).
    const envelope = motion.kind === 'screw' ? screwEnvelope(motion, movingParts, movingPoses) : null;
    const tight = new Float64Array(swept);
    if (envelope && !intersectAabbs(swept, growAabb(envelope, tolerance + 1e-9 * (1 + this.bound)), tight)) tight.set(swept);
    scene.parts.forEach((part, o) => {
      if (movingSet.has(o) || part.indices.length === 0) return;
      transformAabb(part.bounds, scene.poses[o]!, box);
      if (!aabbsOverlap(swept, box)) return;
      const reached = aabbsOverlap(tight, box);
      for (const m of moving) {
        if (ignore?.(m, o)) continue;
        if (reached) this.pairs.push([m, o]);
        else this.outOfReach.push([m, o]);
      }
    });
    for (const [m, o] of this.pairs) {
      // One classified query: what interferes already, and every surface pair within the
      // allowance (a starting contact).
      const start = nearAndInterfering(scene.parts[m]!, scene.poses[m]!, scene.parts[o]!, scene.poses[o]!, tolerance, this.allowance(m, o));
      addStats(this.stats, start.stats);
      for (const x of start.interfering) {
        this.preexisting.push({ moving: m, other: o, surfaceMoving: x.surfaceA, surfaceOther: x.surfaceB, depth: x.depth });
        this.startDepth.set(`${m}:${o}`, Math.max(this.startDepth.get(`${m}:${o}`) ?? 0, x.depth));
      }
      const a = scene.parts[m]!, b = scene.parts[o]!;
      for (const p of start.near) {
        const key = `${m}:${o}:${p.a}:${p.b}`;
        this.startContacts.add(key);
        this.touching.add(`${m}:${o}`);
        if (contactKeptByMotion(a.surfaces[p.a]!, scene.poses[m]!, b.surfaces[p.b]!, scene.poses[o]!, motion, tolerance)) this.kept.add(key);
        else if (surfacesMate(a.surfaces[p.a]!, scene.poses[m]!, b.surfaces[p.b]!, scene.poses[o]!, tolerance)) this.fits.add(key);
      }
    }
  }

  /**
   * Is an interference between m (at `poseM`) and o no deeper than their starting overlap,
   * plus the allowance? Measured on the solids (the deepest sampled point of one inside the
   * other): a surface pair's crossing depth is not a penetration depth (two faces meeting
   * at right angles report the length of the cut). Open meshes fall back to the surface
   * depth `surfaceDepth` against the deepest at the start.
   */
  withinStartingOverlap(m: number, o: number, poseM: Rigid, surfaceDepth: number): boolean {
    const key = `${m}:${o}`;
    // No surface pair interfered at the start, yet the solids may overlap there by a drawn-in
    // amount the surface verdict called contact (a shank drawn into a slot's wall by a few
    // hundredths, which the tessellation reads as interference further along): that overlap
    // is allowed too, as the removal sweeps allow it.
    const start = this.startDepth.get(key) ?? (this.touching.has(key) ? 0 : undefined);
    if (start === undefined) return false;
    const { parts, poses } = this.scene;
    let solid = this.startSolidDepth.get(key);
    if (solid === undefined) {
      // The samples (vertices, chord midpoints) can miss the deepest point of a drawn-in
      // overlap (a tooth's tip vertices sit on its end faces, where the depth is 0); the
      // surface pairs' crossing depth at the start is a floor for it.
      const p = solidPenetration(parts[m]!, poses[m]!, parts[o]!, poses[o]!, SOLID_SAMPLES);
      solid = p.openMesh ? null : Math.max(p.depth, start);
      this.startSolidDepth.set(key, solid);
    }
    const allowance = this.allowance(m, o);
    // a pair only touching at the start (its solids overlapping by no more than the tolerance): any interference is new
    if (!this.startDepth.has(key) && (solid === null || solid <= this.tolerance)) return false;
    if (solid === null) return surfaceDepth <= start + allowance;
    if (solidDeeperThan(parts[m]!, poseM, parts[o]!, poses[o]!, solid + allowance, SOLID_SAMPLES) === false) return true;
    // Samples clipped at the start (an extruded overlap's end faces) can read deeper after a
    // slide that only shortens the overlap: measure the overlap's own depth before blocking.
    if (!this.searched.has(key)) {
      solid = Math.max(solid, overlapDepth(parts[m]!, poses[m]!, parts[o]!, poses[o]!, SOLID_SAMPLES));
      this.startSolidDepth.set(key, solid);
      this.searched.add(key);
      return solidDeeperThan(parts[m]!, poseM, parts[o]!, poses[o]!, solid + allowance, SOLID_SAMPLES) === false;
    }
    return false;
  }

  /** Part pairs that interfered at the start. */
  overlappingPairs(): [number, number][] {
    return this.pairs.filter(([m, o]) => this.startDepth.has(`${m}:${o}`));
  }


  allowance(m: number, o: number): number {
    return contactAllowance(this.scene.parts[m]!, this.scene.parts[o]!, this.tolerance);
  }

  pose(i: number, t: number, out: Rigid = new Float64Array(12)): Rigid {
    return this.moving.includes(i) ? poseAt(this.motion, t, this.scene.poses[i]!, out) : (this.scene.poses[i]! as Rigid);
  }

  /**
   * Interfering surface pairs at fraction t, new since the start. When there are any,
   * the fits of the same part pairs that the move has forced out of coincidence (a
   * shaft pushed sideways in its bore) are added: they are what a person names.
   */
  interferenceAt(t: number, only?: (m: number, o: number) => boolean): BlockingPair[] {
    const out: BlockingPair[] = [];
    const pose = new Float64Array(12);
    for (const [m, o] of this.pairs) {
      if (only && !only(m, o)) continue;
      this.pose(m, t, pose);
      const found = interferingSurfacePairs(this.scene.parts[m]!, pose, this.scene.parts[o]!, this.scene.poses[o]!, this.tolerance);
      if (found.length === 0) continue;
      const deepest = Math.max(...found.map((x) => x.depth));
      if (this.withinStartingOverlap(m, o, pose, deepest)) continue;
      for (const x of found) {
        out.push({ moving: m, other: o, surfaceMoving: x.surfaceA, surfaceOther: x.surfaceB, depth: x.depth });
      }
      for (const key of this.fits) {
        const [fm, fo, sa, sb] = key.split(':').map(Number) as [number, number, number, number];
        if (fm !== m || fo !== o || out.some((b) => b.moving === m && b.other === o && b.surfaceMoving === sa && b.surfaceOther === sb)) continue;
        const a = this.scene.parts[m]!, b = this.scene.parts[o]!;
        if (surfacesMate(a.surfaces[sa]!, pose, b.surfaces[sb]!, this.scene.poses[o]!, this.tolerance)) continue;
        // Within what the move has done since the start (a seat pushed through stays parallel, that far apart).
        const v = surfacePairVerdict(a, pose, sa, b, this.scene.poses[o]!, sb, this.tolerance, this.bound * t + 2 * this.allowance(m, o));
        if (v.near) out.push({ moving: m, other: o, surfaceMoving: sa, surfaceOther: sb, depth: v.interference?.depth ?? 0 });
      }
    }
    return out;
  }

  /** Where to ask the verdict after a contact at t: 4 allowances deep along the normal (capped at 50× that of travel). */
  probeFraction(t: number, m: number, o: number, normalSpeed: number): number {
    const depth = 4 * this.allowance(m, o) + 1e-9 * (1 + this.bound);
    const speed = Math.max(normalSpeed, this.bound / 50, 1e-300);
    return Math.min(1, t + depth / speed);
  }

  /**
   * Smallest distance to the parts not touched at the start, over [0, until]: Piyavskii's
   * Lipschitz search (every point moves at most `bound` per unit t, so the distance
   * does too), stopping when no interval can hide anything closer by more than the
   * tolerance, or after 48 evaluations.
   */
  clearance(until: number): Clearance | null {
    if (this.clearancePairs().every(([m, o]) => this.touching.has(`${m}:${o}`))) return null;
    const samples: { t: number; c: Clearance | null; d: number }[] = [];
    const evalAt = (t: number): void => {
      const c = this.clearanceAt(t);
      samples.push({ t, c, d: c ? c.distance : Infinity });
      samples.sort((x, y) => x.t - y.t);
    };
    evalAt(0);
    if (until > 0) evalAt(until);
    const L = Math.max(this.bound, 1e-300);
    for (let n = 0; n < 46 && until > 0; n++) {
      let best = Infinity;
      for (const s of samples) best = Math.min(best, s.d);
      if (!Number.isFinite(best)) break;
      let lowest = Infinity, at = -1;
      for (let i = 0; i + 1 < samples.length; i++) {
        const a = samples[i]!, b = samples[i + 1]!;
        if (!Number.isFinite(a.d) || !Number.isFinite(b.d)) continue;
        const lb = (a.d + b.d - L * (b.t - a.t)) / 2;
        if (lb < lowest) {
          lowest = lb;
          at = Math.min(b.t, Math.max(a.t, (a.t + b.t) / 2 + (a.d - b.d) / (2 * L)));
        }
      }
      if (at < 0 || lowest >= best - Math.max(this.tolerance, 1e-9)) break;
      evalAt(at);
    }
    let bestSample = samples[0]!;
    for (const s of samples) if (s.d < bestSample.d) bestSample = s;
    return bestSample.c;
  }

  /** Every part pair the motion-bound box reaches, in scene order (what the clearance has always been measured to). */
  private clearancePairs(): [number, number][] {
    if (this.outOfReach.length === 0) return this.pairs;
    return [...this.pairs, ...this.outOfReach].sort((x, y) => x[1] - y[1] || x[0] - y[0]);
  }

  private clearanceAt(t: number): Clearance | null {
    let best: Clearance | null = null;
    const pose = new Float64Array(12);
    for (const [m, o] of this.clearancePairs()) {
      if (this.touching.has(`${m}:${o}`)) continue;
      this.pose(m, t, pose);
      const r = distanceRigid(this.scene.parts[m]!, pose, this.scene.parts[o]!, this.scene.poses[o]!, best ? { maxDistance: best.distance } : {});
      addStats(this.stats, r.stats);
      if (r.closest && (!best || r.closest.distance < best.distance)) {
        best = {
          distance: r.closest.distance,
          fraction: t,
          moving: m,
          other: o,
          surfaceMoving: r.closest.surfaceA,
          surfaceOther: r.closest.surfaceB,
          pointMoving: r.closest.pointA,
          pointOther: r.closest.pointB,
        };
      }
    }
    return best;
  }


  result(status: SweepResult['status'], fraction: number, blocking: BlockingPair[], contactIn: SweepContact | null, iterations: number): SweepResult {
    // The pair a person names first: a seat or fit being forced, then another contact that
    // was there at the start, then the deepest; ties in index order.
    const key = (b: BlockingPair): string => `${b.moving}:${b.other}:${b.surfaceMoving}:${b.surfaceOther}`;
    const rounded = (d: number): number => Math.round(d * 1e9);
    blocking.sort(
      (x, y) =>
        Number(this.fits.has(key(y))) - Number(this.fits.has(key(x))) ||
        Number(this.startContacts.has(key(y))) - Number(this.startContacts.has(key(x))) ||
        rounded(y.depth) - rounded(x.depth) ||
        x.moving - y.moving || x.other - y.other || x.surfaceMoving - y.surfaceMoving || x.surfaceOther - y.surfaceOther,
    );
    if (status === 'blocked') blocking = namedAtStop(this, fraction, blocking, contactIn);
    // The event's contact is reported only when it is one of the blocking pairs.
    const contact = contactIn && blocking.some((b) => b.moving === contactIn.moving && b.other === contactIn.other && b.surfaceMoving === contactIn.surfaceMoving && b.surfaceOther === contactIn.surfaceOther) ? contactIn : null;
    return { status, fraction, blocking, contact, clearance: this.measureClearance ? this.clearance(fraction) : null, preexisting: this.preexisting, iterations, stats: this.stats };
  }
}
