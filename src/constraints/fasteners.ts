/**
 * Fasteners and threaded joints of an assembly: each part's role (bolt, screw, nut, washer,
 * stud, pin, rivet or none) with the evidence a person reads, and each bolt, screw or stud
 * engaged in a nut or a tapped hole. A mate's bore is a thread when it is drawn at the
 * fastener's nominal diameter (line on line) or at its minor diameter / tap drill (the
 * fastener's cylinder overlaps it); a larger bore is a clearance hole (a `coaxial`).
 *
 * Equal bores are ambiguous (a clearance hole drawn line on line looks like a tapped hole
 * drawn at nominal): when the fastener has a nut, the nut holds the thread and the other
 * equal bores are clearance holes; without a nut, the equal bore nearest the fastener's tip
 * is the tapped one. A headless rod is threaded only into nuts and minor-drawn bores (a
 * dowel in reamed holes is drawn line on line too).
 *
 * One analysis per call (`fastenerAnalysis`), lazy per part; `recognizeConstraints` makes its
 * `threaded` constraints from the same joints.
 */
import { aabbsOverlap, growAabb, transformAabb, type Aabb } from '../math/aabb.js';
import type { Pose, Rigid } from '../math/rigid.js';
import { resolvePoses } from '../collide/findContacts.js';
import { SurfcdError } from '../errors.js';
import type { Vec3 } from '../model/surfaceKind.js';
import type { Assembly, Part } from '../model/types.js';
import { assertAssembly, assertOptions } from '../model/validate.js';
import { axisShape } from './fastenerShape.js';
import { shapeRole, type FastenerRole, type ShapeRole } from './fastenerRoles.js';
import { surfaceView } from './surfaceView.js';
import { boreAtMinor, diameterTolerance, type FastenerSize } from './threads.js';
import type { SurfaceView } from './types.js';
import { cross, dot, norm, scale, add, sub } from './vec.js';

export type { FastenerRole } from './fastenerRoles.js';
export type { FastenerSize } from './threads.js';

export interface PartRole {
  /** Index in `assembly.parts`. */
  part: number;
  role: FastenerRole | null;
  /** Lines a person reads: `hex head 16 AF × 6.4`, `shank Ø10 × 30`, `name "M8x25" suggests bolt`. */
  evidence: string[];
  fastener?: FastenerSize;
}

export interface ThreadedJoint {
  /** The bolt, screw or stud (index in `assembly.parts`). */
  fastener: number;
  /** The nut or the part with the tapped hole. */
  mate: number;
  /** The thread's axis: `point` at the middle of the engagement, `direction` from the fastener's head toward its tip (a right-hand thread turned clockwise, seen from the head, advances along it). */
  axis: { point: [number, number, number]; direction: [number, number, number] };
  nominal: number;
  pitch: number | null;
  /** `M10`, `#10-32 UNF`; null when no thread table holds the size. */
  designation: string | null;
  /** Axial overlap of the fastener's shank and the mate's bore (mm). */
  engagement: number;
  /** The mate's bore drawn at the nominal diameter, or at the minor diameter / tap drill. */
  drawn: 'nominal' | 'minor';
  /** Surfaces of the fastener (its shank) and of the mate (the bore) that make the joint. */
  fastenerSurfaces: number[];
  mateSurfaces: number[];
}

export interface FastenerOptions {
  /** Coincidence tolerance (mm); default 0.01. */
  tolerance?: number;
  /** Largest angle between parallel directions (radians); default 1°. */
  angleTolerance?: number;
  /** Surface fit tolerance (mm); default per part. */
  fitTolerance?: number;
  /** Poses by part path, as in `findContacts`. */
  poses?: Record<string, Pose> | Map<string, Pose>;
}

export interface FastenerReport {
  roles: PartRole[];
  joints: ThreadedJoint[];
}

/** A turned part is about as wide as it is deep across its axis: the OBB's two closest extents within 1.6×. */
function mayBeTurned(part: Part): boolean {
  const h = [...part.obb.halfExtents].sort((a, b) => a - b);
  return part.surfaces.length > 0 && part.surfaces.length <= 400 && (h[1]! <= 1.6 * h[0]! || h[2]! <= 1.6 * h[1]!);
}

export interface FastenerAnalysis {
  /** The part's role from its own geometry (before joints refine it). */
  shapeOf(slot: number): ShapeRole;
  /** The threaded joints whose fastener is part `slot`. */
  jointsOf(slot: number): ThreadedJoint[];
  /** The joints between two parts, either way round. */
  jointsBetween(a: number, b: number): ThreadedJoint[];
  /** Every role (refined by the joints) and every joint. */
  report(): FastenerReport;
}

/** One analysis of an assembly at the given poses; everything is computed on first use and kept for this analysis only. */
export function fastenerAnalysis(assembly: Assembly, poses: readonly Rigid[], tolerance: number, angleTolerance: number, fitTolerance?: number): FastenerAnalysis {
  const parts = assembly.parts;
  const views = new Map<number, SurfaceView[]>();
  const viewsOf = (slot: number): SurfaceView[] => {
    let v = views.get(slot);
    if (!v) views.set(slot, (v = parts[slot]!.surfaces.map((s) => surfaceView(s, poses[slot]!, fitTolerance))));
    return v;
  };
  const boxes: Aabb[] = parts.map((p, i) => transformAabb(p.bounds, poses[i]!));
  const shapes = new Map<number, ShapeRole & { axis?: Vec3; point?: Vec3 }>();
  const shapeOf = (slot: number): ShapeRole & { axis?: Vec3; point?: Vec3 } => {
    let s = shapes.get(slot);
    if (s) return s;
    const part = parts[slot]!;
    if (!mayBeTurned(part)) {
      s = shapeRole(null, part.path, tolerance);
      if (s.evidence.length > 0) s.evidence[s.evidence.length - 1] = 'but it is not shaped like a turned part';
    } else {
      const pose = poses[slot]!;
      const shape = axisShape(viewsOf(slot), (visit) => {
        const p = part.positions;
        for (let i = 0; i < p.length; i += 3) {
          const x = p[i]!, y = p[i + 1]!, z = p[i + 2]!;
          visit(pose[0]! * x + pose[1]! * y + pose[2]! * z + pose[3]!, pose[4]! * x + pose[5]! * y + pose[6]! * z + pose[7]!, pose[8]! * x + pose[9]! * y + pose[10]! * z + pose[11]!);
        }
      }, tolerance + (part.deflection ?? 0) * 0.05, angleTolerance);
      s = { ...shapeRole(shape, part.path, tolerance), ...(shape ? { axis: shape.axis, point: shape.point } : {}) };
    }
    shapes.set(slot, s);
    return s;
  };

  const joints = new Map<number, ThreadedJoint[]>();
  const jointsOf = (slot: number): ThreadedJoint[] => {
    let list = joints.get(slot);
    if (!list) joints.set(slot, (list = findJoints(slot)));
    return list;
  };

  function findJoints(slot: number): ThreadedJoint[] {
    const s = shapeOf(slot);
    if (!s.shank || !s.axis || !s.point || !s.fastener) return [];
    if (s.form === 'headed' && (s.role === 'pin' || s.role === 'rivet')) return [];
    const { axis, point } = s;
    const size = s.fastener;
    const d = 2 * s.shank.radius;
    const dTol = diameterTolerance(d, tolerance);
    const [s0, s1] = s.shank.range;
    const shankBox = growAabb(boxes[slot]!, tolerance + dTol);
    // 'under': between the tap drill and the nominal diameter (a hole for a thread-forming screw, or drawn a little under size)
    type Drawn = 'nominal' | 'minor' | 'under';
    type Candidate = { mate: number; drawn: Drawn; surfaces: number[]; range: [number, number] };
    const found: Candidate[] = [];
    for (let m = 0; m < parts.length; m++) {
      if (m === slot || !aabbsOverlap(shankBox, boxes[m]!)) continue;
      const mate = parts[m]!;
      const byDrawn: Record<Drawn, Candidate | undefined> = { nominal: undefined, minor: undefined, under: undefined };
      for (const surface of mate.surfaces) {
        if (!aabbsOverlap(shankBox, transformAabb(surface.bounds, poses[m]!))) continue;
        const v = viewsOf(m)[surface.index]!;
        const k = v.kind;
        if (k.type !== 'cylinder' || v.sense !== 'concave') continue;
        if (Math.abs(dot(k.axis, axis)) < Math.cos(angleTolerance)) continue;
        if (norm(cross(sub(k.point, point), axis)) > tolerance + k.residual + dTol / 2) continue;
        const bore = 2 * k.radius;
        // a lock nut's insert ring is drawn under the minor diameter: its thread is formed by the bolt
        const lockRing = bore < d && bore >= 0.7 * d && shapeOf(m).lockRing === true;
        const drawn: Drawn | null = Math.abs(bore - d) <= dTol ? 'nominal' : bore < d && (boreAtMinor(size, bore, dTol) || lockRing) ? 'minor' : bore < d && bore > 0.8 * d ? 'under' : null;
        if (!drawn) continue;
        const range = v.range(axis);
        const lo = Math.max(range[0], s0), hi = Math.min(range[1], s1);
        if (!(hi - lo > tolerance)) continue;
        const c = (byDrawn[drawn] ??= { mate: m, drawn, surfaces: [], range: [lo, hi] });
        c.surfaces.push(surface.index);
        c.range = [Math.min(c.range[0], lo), Math.max(c.range[1], hi)];
      }
      // a mate drawn both ways (a counterbored thread) counts once, as minor: the overlap decides
      const c = byDrawn.minor ?? byDrawn.nominal ?? byDrawn.under;
      if (c) found.push(c);
    }
    const isNut = (m: number): boolean => shapeOf(m).role === 'nut';
    const chosen = found.filter((c) => c.drawn === 'minor');
    const nominal = found.filter((c) => c.drawn === 'nominal');
    if (found.some((c) => isNut(c.mate))) chosen.push(...nominal.filter((c) => isNut(c.mate)));
    else if (s.form === 'headed' && chosen.length === 0) {
      // no nut, no bore at minor diameter: the equal bore reaching farthest toward the tip holds the thread; failing that,
      // a bore a little under the nominal diameter (a thread-forming screw's hole)
      const tipward = (c: Candidate): number => (s.shank!.head === 1 ? -c.range[0] : c.range[1]);
      const pool = nominal.length > 0 ? nominal : found.filter((c) => c.drawn === 'under');
      if (pool.length > 0) chosen.push(pool.reduce((a, b) => (tipward(b) > tipward(a) ? b : a)));
    }
    const mid = (s0 + s1) / 2;
    return chosen.sort((a, b) => a.mate - b.mate).map((c) => {
      const centre = (c.range[0] + c.range[1]) / 2;
      const sign = s.shank!.head === 1 ? -1 : s.shank!.head === -1 ? 1 : centre >= mid ? 1 : -1;
      const foot = add(point, scale(axis, centre - dot(point, axis)));
      return {
        fastener: slot,
        mate: c.mate,
        axis: { point: roundV(foot), direction: roundV(scale(axis, sign)) },
        nominal: size.nominal,
        pitch: size.pitch,
        designation: size.designation,
        engagement: Math.round((c.range[1] - c.range[0]) * 1e4) / 1e4,
        drawn: c.drawn === 'nominal' ? 'nominal' : 'minor',
        fastenerSurfaces: [...s.shank!.surfaces].sort((x, y) => x - y),
        mateSurfaces: c.surfaces.sort((x, y) => x - y),
      };
    });
  }

  const jointsBetween = (a: number, b: number): ThreadedJoint[] => [...jointsOf(a).filter((j) => j.mate === b), ...jointsOf(b).filter((j) => j.mate === a)];

  const report = (): FastenerReport => {
    const all = parts.flatMap((_, i) => jointsOf(i));
    const roles: PartRole[] = parts.map((_, i) => {
      const s = shapeOf(i);
      let role = s.role;
      const evidence = [...s.evidence];
      let fastener = s.fastener;
      const own = all.filter((j) => j.fastener === i);
      const held = all.filter((j) => j.mate === i);
      const name = (k: number): string => parts[k]!.path;
      if (own.length > 0) {
        const into = own.map((j) => `${j.drawn === 'minor' ? 'threaded into the minor-diameter bore of' : 'threaded into'} ${name(j.mate)} (engagement ${j.engagement} mm)`);
        evidence.push(...into);
        if (s.form === 'rod' && role !== 'stud') {
          evidence.push('a headless rod threaded into a nut or a tapped hole is a stud');
          role = 'stud';
        }
      }
      if (held.length > 0 && role === 'nut') {
        const j = held[0]!;
        const bolt = shapeOf(j.fastener).fastener;
        if (bolt) fastener = bolt;
        evidence.push(`on ${name(j.fastener)} (bore drawn at ${j.drawn === 'minor' ? 'the minor diameter' : 'the nominal diameter'})`);
      }
      if (role === null || role === 'washer' || role === 'pin' || role === 'rivet') fastener = undefined;
      return { part: i, role, evidence, ...(fastener ? { fastener } : {}) };
    });
    return { roles, joints: all };
  };

  return { shapeOf, jointsOf, jointsBetween, report };
}

const round = (x: number): number => Math.round(x * 1e6) / 1e6 + 0;
const roundV = (v: Vec3): [number, number, number] => [round(v[0]), round(v[1]), round(v[2])];

/**
 * Fastener roles of every part of an assembly (at its assembled state, or at `poses`) and
 * the threaded joints between bolts, screws or studs and their nuts or tapped holes.
 */
export function recognizeFasteners(assembly: Assembly, options: FastenerOptions = {}): FastenerReport {
  assertAssembly(assembly, 'recognizeFasteners');
  assertOptions(options, 'recognizeFasteners');
  const tolerance = checkOption('tolerance', options.tolerance, 0.01, Infinity);
  const angleTolerance = checkOption('angleTolerance', options.angleTolerance, Math.PI / 180, Math.PI / 4);
  const fitTolerance = options.fitTolerance === undefined ? undefined : checkOption('fitTolerance', options.fitTolerance, 0, Infinity);
  const poses = resolvePoses(assembly, options.poses);
  return fastenerAnalysis(assembly, poses, tolerance, angleTolerance, fitTolerance).report();
}

function checkOption(name: string, value: unknown, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max) {
    throw new SurfcdError('INVALID_OPTION', `recognizeFasteners: ${name} is ${String(value)}, expected a finite number ≥ 0${max < Infinity ? ` and ≤ ${max}` : ''}`);
  }
  return value;
}
