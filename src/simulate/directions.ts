/**
 * Candidate removal directions for a part (or a rigid group of parts), in the order the
 * removal analysis tries them: the axes and normals of the part's own recognised
 * constraints first (a bolt leaves along its hole's axis, a lid along the normal of the face
 * it rests on), then ±x ±y ±z, then an even sample of the sphere.
 */
import { SurfcdError } from '../errors.js';
import type { Constraint, Vec3 } from '../constraints/types.js';

export interface CandidateDirection {
  /** Unit vector, world frame. */
  direction: Vec3;
  /** Why it is a candidate: `coaxial with <part>`, `against <part>`, `+x`, `sphere 7/26`, … */
  source: string;
}

/** Directions closer than this (radians) are one candidate: the earlier source wins. */
const SAME_DIRECTION = 1e-6;

const AXES: readonly [string, Vec3][] = [
  ['+x', [1, 0, 0]], ['-x', [-1, 0, 0]], ['+y', [0, 1, 0]], ['-y', [0, -1, 0]], ['+z', [0, 0, 1]], ['-z', [0, 0, -1]],
];

function unit(v: readonly number[], what: string): Vec3 {
  const [x, y, z] = [Number(v[0]), Number(v[1]), Number(v[2])];
  const l = Math.hypot(x, y, z);
  if (!(l > 0) || !Number.isFinite(l)) throw new SurfcdError('INVALID_OPTION', `${what}: direction (${v.join(', ')}) is not a non-zero finite vector`);
  return [x / l, y / l, z / l];
}

/**
 * An even sample of `n` unit directions. n = 26 gives the 3×3×3 lattice directions (faces,
 * edges and corners of a cube: the usual set for assembly planning, holding the diagonals a
 * part in a 45° channel needs); any other n a spherical Fibonacci lattice.
 */
export function sphereDirections(n: number): Vec3[] {
  if (!Number.isInteger(n) || n < 0 || n > 100_000) throw new SurfcdError('INVALID_OPTION', `directions: ${n} is not an integer in [0, 100000]`);
  if (n === 26) {
    const out: Vec3[] = [];
    for (const x of [0, 1, -1]) for (const y of [0, 1, -1]) for (const z of [0, 1, -1]) if (x || y || z) out.push(unit([x, y, z], 'lattice'));
    // faces first, then edges, then corners (fewest non-zero components first)
    return out.sort((a, b) => nonZero(a) - nonZero(b));
  }
  const golden = Math.PI * (3 - Math.sqrt(5));
  const out: Vec3[] = [];
  for (let i = 0; i < n; i++) {
    const z = 1 - (2 * (i + 0.5)) / n;
    const r = Math.sqrt(Math.max(0, 1 - z * z));
    const phi = golden * i;
    out.push([r * Math.cos(phi), r * Math.sin(phi), z]);
  }
  return out;
}

const nonZero = (v: Vec3): number => (v[0] !== 0 ? 1 : 0) + (v[1] !== 0 ? 1 : 0) + (v[2] !== 0 ? 1 : 0);

/**
 * Directions a moving set of parts could leave along, from the constraints that tie it to
 * the rest (`moving` holds the paths of the moving parts): a coaxial or insert axis both ways,
 * an against normal away from the other part's face.
 */
export function constraintDirections(constraints: readonly Constraint[], moving: ReadonlySet<string>): CandidateDirection[] {
  const out: CandidateDirection[] = [];
  for (const c of constraints) {
    const aMoves = moving.has(c.partA), bMoves = moving.has(c.partB);
    if (aMoves === bMoves) continue;
    const other = aMoves ? c.partB : c.partA;
    const axis = c.params['axis'], normal = c.params['normal'];
    if ((c.kind === 'coaxial' || c.kind === 'insert' || c.kind === 'conical') && Array.isArray(axis)) {
      const a = unit(axis as number[], `constraint ${c.id}`);
      out.push({ direction: a, source: `${c.kind} with ${other}` }, { direction: negate(a), source: `${c.kind} with ${other}` });
    } else if (c.kind === 'against' && Array.isArray(normal)) {
      // the normal points out of partA into partB: B leaves along it, A against it
      const nrm = unit(normal as number[], `constraint ${c.id}`);
      out.push({ direction: bMoves ? nrm : negate(nrm), source: `away from ${other}` });
    }
  }
  return out;
}

/** Constraint directions, then ±x ±y ±z, then `sphere` even samples; near-duplicates dropped. */
export function candidateDirections(constraints: readonly Constraint[], moving: ReadonlySet<string>, sphere = 26): CandidateDirection[] {
  const all: CandidateDirection[] = [
    ...constraintDirections(constraints, moving),
    ...AXES.map(([source, direction]) => ({ direction, source })),
    ...sphereDirections(sphere).map((direction, i) => ({ direction, source: `sphere ${i + 1}/${sphere}` })),
  ];
  const kept: CandidateDirection[] = [];
  const cosSame = Math.cos(SAME_DIRECTION);
  for (const c of all) {
    if (kept.some((k) => dot(k.direction, c.direction) >= cosSame)) continue;
    kept.push(c);
  }
  return kept;
}

/** Explicit directions given by a user, checked and normalised. */
export function explicitDirections(directions: readonly (readonly number[])[]): CandidateDirection[] {
  return directions.map((d, i) => {
    if (!Array.isArray(d) || d.length !== 3) throw new SurfcdError('INVALID_OPTION', `directions[${i}]: expected [x, y, z]`);
    return { direction: unit(d, `directions[${i}]`), source: `given ${i + 1}` };
  });
}

/** −v without negative zeros (stable JSON, equal keys). */
const negate = (v: Vec3): Vec3 => [v[0] === 0 ? 0 : -v[0], v[1] === 0 ? 0 : -v[1], v[2] === 0 ? 0 : -v[2]];
const dot = (a: Vec3, b: Vec3): number => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
