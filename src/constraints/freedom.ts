/**
 * Degrees of freedom left by a set of constraints, by screw theory.
 *
 * A rigid motion is, to first order, a twist t = (ω, v): ω the angular velocity and v the
 * velocity of the body point at a reference point c. Each constraint forbids the twists
 * that do work against its constraint wrenches w = (f, m) (a force f along a line, a
 * moment m, both about c): the allowed twists are those with f·v + m·ω = 0 for every
 * wrench of every constraint. The intersection of what each constraint allows is thus the
 * null space of the stacked wrench matrix W; its dimension is the remaining DOF.
 *
 * Lengths are divided by a characteristic length L (the parts' size) so that rotations
 * and translations are compared on the same scale; each wrench row is normalised; the null
 * space is read off the eigenvectors of WᵀW with eigenvalue ≤ 1e-6 (a row "misses" a twist
 * by less than 1e-3 rad or 1e-3·L). The null space is then split into pure translations
 * (ω = 0) and rotations; each rotation is reported as a screw axis (direction, the point of
 * the axis closest to c, pitch — 0 for a pure rotation). Directions are given in a tidy
 * basis (coordinate axes where the subspace allows it) with a canonical sign.
 *
 * One-sided contacts (a face resting on a face) are treated as bilateral: `against`
 * removes 3 DOF, although the part could lift off in one direction.
 */
import type { Vec3 } from '../model/surfaceKind.js';
import type { Freedom, FreeRotation, Wrench } from './types.js';
import { add, canonical, cross, dot, norm, scale, sub, unit } from './vec.js';

const NULL_EIGENVALUE = 1e-6;

/** Eigen-decomposition of a symmetric n×n matrix (cyclic Jacobi). Values descending; vectors[i] is the unit eigenvector of values[i]. */
export function symmetricEigen(matrix: number[][]): { values: number[]; vectors: number[][] } {
  const n = matrix.length;
  const a = matrix.map((row, i) => row.map((v, j) => 0.5 * (v + matrix[j]![i]!)));
  const v: number[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? 1 : 0)));
  for (let sweep = 0; sweep < 100; sweep++) {
    let off = 0, diag = 0;
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) (i === j ? (diag += a[i]![j]! ** 2) : (off += a[i]![j]! ** 2));
    if (off === 0 || off <= 1e-30 * diag) break;
    for (let p = 0; p < n - 1; p++) {
      for (let q = p + 1; q < n; q++) {
        const apq = a[p]![q]!;
        if (apq === 0) continue;
        const theta = (a[q]![q]! - a[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1), s = t * c;
        for (let k = 0; k < n; k++) {
          const akp = a[k]![p]!, akq = a[k]![q]!;
          a[k]![p] = c * akp - s * akq;
          a[k]![q] = s * akp + c * akq;
        }
        for (let k = 0; k < n; k++) {
          const apk = a[p]![k]!, aqk = a[q]![k]!;
          a[p]![k] = c * apk - s * aqk;
          a[q]![k] = s * apk + c * aqk;
        }
        for (let k = 0; k < n; k++) {
          const vkp = v[k]![p]!, vkq = v[k]![q]!;
          v[k]![p] = c * vkp - s * vkq;
          v[k]![q] = s * vkp + c * vkq;
        }
      }
    }
  }
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => a[y]![y]! - a[x]![x]!);
  return { values: order.map((i) => a[i]![i]!), vectors: order.map((i) => v.map((row) => row[i]!)) };
}

/** A tidy orthonormal basis of the span of orthonormal `basis` (dimension 0–3). */
export function tidyBasis(basis: Vec3[]): Vec3[] {
  if (basis.length === 0) return [];
  if (basis.length >= 3) return [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  if (basis.length === 1) return [canonical(unit(basis[0]!))];
  const m = unit(cross(basis[0]!, basis[1]!));
  const axes: Vec3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  let best: Vec3 = [1, 0, 0], bestLength = -1;
  for (const e of axes) {
    const p = sub(e, scale(m, dot(e, m)));
    const l = norm(p);
    if (l > bestLength + 1e-9) {
      best = p;
      bestLength = l;
    }
  }
  const u1 = canonical(unit(best));
  return [u1, canonical(unit(cross(m, u1)))];
}

const clean = (x: number): number => {
  const r = Math.round(x * 1e9) / 1e9;
  return r === 0 ? 0 : r;
};
const cleanV = (v: Vec3): Vec3 => [clean(v[0]), clean(v[1]), clean(v[2])];

/**
 * The motions the wrenches leave free.
 * @param reference c: where rotation axes are reported closest to (e.g. the parts' centre)
 * @param length L: the characteristic length (mm) that makes moments and forces comparable
 */
export function freedomOf(wrenches: readonly Wrench[], reference: Vec3, length: number): Freedom {
  const L = length > 0 ? length : 1;
  const m = Array.from({ length: 6 }, () => new Array<number>(6).fill(0));
  for (const w of wrenches) {
    const f: Vec3 = [w[0], w[1], w[2]];
    // moment about the reference point, in units of L
    const mc = scale(sub([w[3], w[4], w[5]], cross(reference, f)), 1 / L);
    const row = [...f, ...mc];
    const l = Math.hypot(...row);
    if (!(l > 0) || !Number.isFinite(l)) continue;
    for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) m[i]![j]! += (row[i]! * row[j]!) / (l * l);
  }
  const eig = symmetricEigen(m);
  // null space basis: x = (v/L, ω)
  const nullBasis = eig.vectors.filter((_, i) => eig.values[i]! <= NULL_EIGENVALUE);
  const k = nullBasis.length;
  if (k === 0) return { dof: 0, translations: [], rotations: [] };
  // split into translations (ω = 0) and rotations
  const g = Array.from({ length: k }, (_, i) => Array.from({ length: k }, (_, j) => nullBasis[i]![3]! * nullBasis[j]![3]! + nullBasis[i]![4]! * nullBasis[j]![4]! + nullBasis[i]![5]! * nullBasis[j]![5]!));
  const ge = symmetricEigen(g);
  const combine = (c: number[]): number[] => Array.from({ length: 6 }, (_, r) => c.reduce((s, ci, i) => s + ci * nullBasis[i]![r]!, 0));
  const translationRaw: Vec3[] = [];
  const rotationTwists: { omega: Vec3; v: Vec3 }[] = [];
  ge.vectors.forEach((c, i) => {
    const x = combine(c);
    if (ge.values[i]! <= NULL_EIGENVALUE) translationRaw.push(unit([x[0]!, x[1]!, x[2]!]));
    else {
      const s = 1 / Math.sqrt(ge.values[i]!);
      rotationTwists.push({ omega: [x[3]! * s, x[4]! * s, x[5]! * s], v: [x[0]! * s * L, x[1]! * s * L, x[2]! * s * L] });
    }
  });
  const translations = tidyBasis(orthonormalize(translationRaw));
  const omegas = tidyBasis(orthonormalize(rotationTwists.map((t) => t.omega)));
  const rotations: FreeRotation[] = omegas.map((w) => {
    // the allowed twist with this ω: combine the rotation twists (their ω's are orthonormal)
    let v: Vec3 = [0, 0, 0];
    let omega: Vec3 = [0, 0, 0];
    for (const t of rotationTwists) {
      const beta = dot(w, unit(t.omega)) / norm(t.omega);
      v = add(v, scale(t.v, beta));
      omega = add(omega, scale(t.omega, beta));
    }
    const wn = norm(omega) || 1;
    const axis = scale(omega, 1 / wn);
    // Free translations can be added at will. Adding t moves the axis by ω × t and changes the
    // pitch by ω·t: pick the representative with zero pitch if there is one, and among
    // those the axis closest to the reference point.
    const vc = leastScrew(scale(v, 1 / wn), axis, translations);
    const pitch = dot(axis, vc);
    const point = add(reference, cross(axis, vc));
    return { axis: cleanV(canonical(axis)), point: cleanV(point), pitch: Math.abs(pitch) < 1e-4 * L ? 0 : clean(pitch) };
  });
  return { dof: translations.length + rotations.length, translations: translations.map(cleanV), rotations };
}

/**
 * v + Σ sᵢ tᵢ (tᵢ the free translations) with zero pitch ω·(…) when some free translation
 * has a component along ω, and, under that, the smallest part perpendicular to ω (the axis
 * nearest the reference point).
 */
function leastScrew(v: Vec3, omega: Vec3, translations: Vec3[]): Vec3 {
  if (translations.length === 0) return v;
  const perp = (x: Vec3): Vec3 => sub(x, scale(omega, dot(x, omega)));
  // the free translation along ω (if any) cancels the pitch; it does not move the axis
  const along = translations.reduce<Vec3>((acc, t) => add(acc, scale(t, dot(t, omega))), [0, 0, 0]);
  const g = dot(along, omega); // = |projection of ω on the translation space|²
  let out = v;
  if (g > 1e-9) out = sub(out, scale(along, dot(omega, out) / g));
  // translations that keep the pitch: those ⟂ ω within the translation space
  const keep = orthonormalize(translations.map((t) => (g > 1e-9 ? sub(t, scale(along, dot(t, omega) / g)) : t)));
  // least squares: remove from perp(out) its components along perp(keep)
  const basis = orthonormalize(keep.map(perp));
  const target = perp(out);
  const coefficients = basis.map((b) => dot(target, b));
  // express the removal in terms of the kept translations (perp is linear and injective on them)
  for (let i = 0; i < basis.length; i++) {
    // find the kept translation combination whose perpendicular part is basis[i]
    const combo = combination(keep, basis[i]!, perp);
    out = sub(out, scale(combo, coefficients[i]!));
  }
  return out;
}

/** A combination x of `vectors` with f(x) = target (f linear; least squares). */
function combination(vectors: Vec3[], target: Vec3, f: (x: Vec3) => Vec3): Vec3 {
  const images = vectors.map(f);
  const k = vectors.length;
  const ata = images.map((a) => images.map((b) => dot(a, b)));
  const atb = images.map((a) => dot(a, target));
  const eig = symmetricEigen(ata);
  const s = new Array<number>(k).fill(0);
  eig.values.forEach((lambda, i) => {
    if (!(lambda > 1e-12 * Math.max(1, eig.values[0]!))) return;
    const u = eig.vectors[i]!;
    const c = u.reduce((sum, x, r) => sum + x * atb[r]!, 0) / lambda;
    for (let r = 0; r < k; r++) s[r]! += c * u[r]!;
  });
  return vectors.reduce<Vec3>((acc, x, i) => add(acc, scale(x, s[i]!)), [0, 0, 0]);
}

function orthonormalize(vectors: Vec3[]): Vec3[] {
  const out: Vec3[] = [];
  for (const v of vectors) {
    let w = v;
    for (const u of out) w = sub(w, scale(u, dot(w, u)));
    if (norm(w) > 1e-6) out.push(unit(w));
  }
  return out;
}

/** Wrench of a force along `direction` whose line passes through `point` (moment about the origin). */
export function forceWrench(direction: Vec3, point: Vec3): Wrench {
  const f = unit(direction);
  const m = cross(point, f);
  return [f[0], f[1], f[2], m[0], m[1], m[2]];
}

/** Wrench of a pure moment about `direction`. */
export function momentWrench(direction: Vec3): Wrench {
  const m = unit(direction);
  return [0, 0, 0, m[0], m[1], m[2]];
}

/** "2T 1R" style summary. */
export function freedomSummary(f: Freedom): string {
  if (f.dof === 0) return '0 (fixed)';
  const parts: string[] = [];
  if (f.translations.length > 0) parts.push(`${f.translations.length}T`);
  if (f.rotations.length > 0) parts.push(`${f.rotations.length}R`);
  return `${f.dof} (${parts.join(' ')})`;
}
