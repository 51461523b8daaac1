/**
 * The acceptance test shared by all primitives: every vertex within the distance
 * tolerance, and every vertex normal along the primitive's normal (as lines: a face's
 * normals may all point inward).
 *
 * Given normals come from the exact CAD surface, so they must agree within the angle
 * tolerance. Estimated normals (no normals given, or an unusable one) are averages of
 * the facets around the vertex and lag behind the true normal by up to the turn of the
 * surface normal across those facets; for them the allowed angle grows by that turn,
 * measured on the fitted primitive itself (1.25 × the largest angle between the
 * primitive's normals at the corners of any incident triangle). A primitive whose
 * normal would turn by more than 100° inside one triangle is rejected outright in that
 * mode: no tessellation is that coarse, and such fits match the vertices by accident.
 */
import type { FitScratch } from './fitScratch.js';
import type { Patch } from './patch.js';

/** What the fits know about the acceptance test (local units). */
export interface FitContext {
  /** Distance tolerance in local units (model tolerance / patch scale, plus the rounding floor). */
  tol: number;
  /** Angle tolerance for given normals, radians. */
  angleTolerance: number;
  /**
   * Set only by `fitSurface`, which needs the verdict alone: a cylinder, cone or sphere fit
   * about to run Levenberg–Marquardt first asks ruleOutQuadric.ts whether any such
   * primitive can be accepted on this patch, and gives up (null) when none can.
   */
  proofPatch?: Patch | null;
  /** The fit's working memory (fitScratch.ts), one per fit. */
  scratch: FitScratch;
}

/** LM target for a patch: the sum of squares at which every vertex could be within tolerance. */
export const lmTarget = (count: number, ctx: FitContext): number => count * ctx.tol * ctx.tol;

/** Largest |r| of a residual vector. */
export function maxAbs(r: Float64Array): number {
  let m = 0;
  for (let i = 0; i < r.length; i++) {
    const a = Math.abs(r[i]!);
    if (!(a <= m)) m = Number.isNaN(a) ? Infinity : a;
  }
  return m;
}

/** Largest turn of the primitive's normal inside one triangle that estimated normals accept. */
export const MAX_FACET_TURN = (100 * Math.PI) / 180;

export interface LocalPrimitive {
  /** Unsigned distance of the local point to the primitive. */
  distance(x: number, y: number, z: number): number;
  /** Writes the primitive's unit normal at (the foot of) the point; false where undefined (on an axis, at an apex). */
  normal(x: number, y: number, z: number, out: Float64Array): boolean;
  /**
   * Optional: the largest distance of `count` points (3 per point), as the loop over
   * `distance` would give; one monomorphic loop instead of a call per vertex.
   */
  maxDistance?(p: Float64Array, count: number): number;
  /** Optional: the smallest |n·normal| over the points where the normal is defined (1 when none), as `normal` would give. */
  minNormalCos?(p: Float64Array, n: Float64Array, count: number): number;
}

export interface Evaluation {
  /** Max vertex distance, local units. */
  residual: number;
  /** Largest angle (radians) between a given vertex normal and the primitive's normal. */
  worstAngle: number;
  /** True when every checked normal is within its allowed angle. */
  normalsOk: boolean;
}

/**
 * @param rejectAbove when the residual exceeds this, the normals are not checked (the
 *   primitive is rejected anyway): `worstAngle` is NaN and `normalsOk` false.
 */
export function evaluatePrimitive(patch: Patch, prim: LocalPrimitive, angleTolerance: number, rejectAbove = Infinity): Evaluation {
  const { count, p, n, given } = patch;
  let residual = 0;
  if (prim.maxDistance) residual = prim.maxDistance(p, count);
  else {
    for (let i = 0; i < count; i++) {
      const d = prim.distance(p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!);
      if (!(d <= residual)) residual = Number.isFinite(d) ? Math.max(residual, d) : Infinity;
    }
  }
  if (residual > rejectAbove) return { residual, worstAngle: NaN, normalsOk: false };
  let needSpread = false;
  for (let i = 0; i < count && !needSpread; i++) if (!given[i]) needSpread = true;
  if (!needSpread) return givenNormalsCheck(patch, prim, angleTolerance, residual);
  const pn = new Float64Array(count * 3);
  const defined = new Uint8Array(count);
  const out = new Float64Array(3);
  for (let i = 0; i < count; i++) {
    const x = p[i * 3]!, y = p[i * 3 + 1]!, z = p[i * 3 + 2]!;
    if (prim.normal(x, y, z, out)) {
      pn[i * 3] = out[0]!;
      pn[i * 3 + 1] = out[1]!;
      pn[i * 3 + 2] = out[2]!;
      defined[i] = 1;
    }
  }
  // turn of the primitive's normal across the facets around each weld group (for estimated normals)
  let spread: Float64Array | null = null;
  {
    const minCos = new Float64Array(patch.groupCount).fill(1);
    const tri = patch.tri;
    for (let t = 0; t < tri.length; t += 3) {
      let c = 1;
      for (let j = 0; j < 3; j++) {
        const a = tri[t + j]!, b = tri[t + (j === 2 ? 0 : j + 1)]!;
        if (!defined[a] || !defined[b]) continue;
        // the primitive's normal field is oriented, so this is the true turn (up to 180°)
        const d = pn[a * 3]! * pn[b * 3]! + pn[a * 3 + 1]! * pn[b * 3 + 1]! + pn[a * 3 + 2]! * pn[b * 3 + 2]!;
        if (d < c) c = d;
      }
      for (let j = 0; j < 3; j++) {
        const gi = patch.group[tri[t + j]!]!;
        if (c < minCos[gi]!) minCos[gi] = c;
      }
    }
    spread = minCos.map((c) => Math.acos(Math.max(-1, Math.min(1, c))));
  }
  const cosTol = Math.cos(angleTolerance);
  let worstCos = 1;
  let normalsOk = true;
  for (let i = 0; i < count; i++) {
    if (!defined[i]) continue;
    const nx = n[i * 3]!, ny = n[i * 3 + 1]!, nz = n[i * 3 + 2]!;
    if (nx === 0 && ny === 0 && nz === 0) continue;
    const c = Math.abs(nx * pn[i * 3]! + ny * pn[i * 3 + 1]! + nz * pn[i * 3 + 2]!);
    if (given[i]) {
      if (c < worstCos) worstCos = c;
      if (c < cosTol) normalsOk = false;
    } else {
      const turn = spread![patch.group[i]!]!;
      // no tessellation of a surface puts a turn of more than 100° of its normal into one
      // triangle: a primitive that needs one (e.g. a torus whose tube spans a two-row
      // strip) only matches the vertices by accident
      if (turn > MAX_FACET_TURN) {
        normalsOk = false;
        continue;
      }
      const allowed = angleTolerance + 1.25 * turn;
      if (allowed < Math.PI / 2 && Math.acos(Math.min(1, c)) > allowed) normalsOk = false;
    }
  }
  const worstAngle = Math.acos(Math.min(1, worstCos));
  return { residual, worstAngle, normalsOk };
}

/** The normal test when every normal is given: no facet turn, so no per-vertex buffers. */
function givenNormalsCheck(patch: Patch, prim: LocalPrimitive, angleTolerance: number, residual: number): Evaluation {
  const { count, p, n } = patch;
  const out = scratch;
  const cosTol = Math.cos(angleTolerance);
  let worstCos = 1;
  if (prim.minNormalCos) worstCos = prim.minNormalCos(p, n, count);
  else {
    for (let i = 0; i < count; i++) {
      const nx = n[i * 3]!, ny = n[i * 3 + 1]!, nz = n[i * 3 + 2]!;
      if (!prim.normal(p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!, out)) continue;
      const c = Math.abs(nx * out[0]! + ny * out[1]! + nz * out[2]!);
      if (c < worstCos) worstCos = c;
    }
  }
  return { residual, worstAngle: Math.acos(Math.min(1, worstCos)), normalsOk: worstCos >= cosTol };
}

const scratch = new Float64Array(3);
