/** `coaxial`: a convex cylinder (shaft) in a concave one (hole) on the same axis, with a radial clearance ≥ 0. */
import type { ConstraintCandidate, ConstraintRule, SurfaceView } from '../../src/plugin.js';
import { clearanceHole } from './iso273.js';
import { add, canonical, distanceToLine, dot, mm, n, overlap, perpendiculars, round, roundV, sameLine, scale, v3, vec } from './geometry.js';

/**
 * The coaxial fit of two surfaces, or null (also used by other rules). With `bySize`, a gap
 * beyond `clearance` is still a fit when the pair is a standard clearance hole (ISO 273), and
 * the candidate names it (`standard: 'M20 medium'`). `fitTolerance` (the contact verdict's
 * coincidenceTolerance, from the rule context) replaces tolerance + residuals when given.
 */
export function coaxialCandidate(a: SurfaceView, b: SurfaceView, tolerance: number, clearance: number, angle: number, bySize = false, fitTolerance?: number): ConstraintCandidate | null {
  if (a.kind.type !== 'cylinder' || b.kind.type !== 'cylinder') return null;
  const ca = a.kind, cb = b.kind;
  const hole = a.sense === 'concave' && b.sense === 'convex' ? 'A' : a.sense === 'convex' && b.sense === 'concave' ? 'B' : null;
  if (!hole) return null;
  const tol = fitTolerance ?? tolerance + ca.residual + cb.residual;
  if (!sameLine(ca.point, ca.axis, cb.point, cb.axis, tol, angle)) return null;
  const gap = hole === 'A' ? ca.radius - cb.radius : cb.radius - ca.radius;
  const [holeR, shankR] = hole === 'A' ? [ca.radius, cb.radius] : [cb.radius, ca.radius];
  const standard = bySize && gap > tol ? clearanceHole(2 * shankR, 2 * holeR, tol) : null;
  if (gap < -tol || gap > Math.max(clearance + tol, standard?.limit ?? 0)) return null;
  const axis = canonical(ca.axis);
  const [lo, hi] = overlap(a.range(axis), b.range(axis));
  if (!(hi - lo > tol)) return null; // the faces only meet at an edge
  const offset = Math.max(distanceToLine(cb.point, ca.point, ca.axis), distanceToLine(ca.point, cb.point, cb.axis));
  const point = add(ca.point, scale(axis, (lo + hi) / 2 - dot(ca.point, axis)));
  const clearanceValue = Math.max(0, gap);
  return {
    kind: 'coaxial',
    params: {
      point: roundV(point),
      axis: roundV(axis),
      radiusA: round(ca.radius),
      radiusB: round(cb.radius),
      clearance: round(clearanceValue),
      fit: clearanceValue <= tol,
      hole,
      length: round(hi - lo),
      ...(standard ? { standard: standard.standard } : {}),
    },
    residual: round(offset + (gap < 0 ? -gap : 0)),
  };
}

export const coaxial: ConstraintRule = {
  name: 'coaxial',
  kinds: ['coaxial'],
  match({ a, b }, ctx) {
    return coaxialCandidate(a, b, ctx.tolerance, ctx.clearance, ctx.angleTolerance, ctx.clearanceBySize, ctx.coincidenceTolerance?.(a, b));
  },
  merge(x, y, ctx): ConstraintCandidate | null {
    const px = v3(x.params['point']), ax = v3(x.params['axis']), py = v3(y.params['point']), ay = v3(y.params['axis']);
    const tol = ctx.tolerance + Math.max(x.residual ?? 0, y.residual ?? 0);
    if (!sameLine(px, ax, py, ay, tol, ctx.angleTolerance)) return null;
    if (Math.abs(n(x.params['radiusA']) - n(y.params['radiusA'])) > tol || Math.abs(n(x.params['radiusB']) - n(y.params['radiusB'])) > tol) return null;
    if (x.params['hole'] !== y.params['hole']) return null;
    // the merged axial extent: from both candidates' midpoints ± half lengths
    const tx = dot(px, ax), ty = dot(py, ax), lx = n(x.params['length']) / 2, ly = n(y.params['length']) / 2;
    const lo = Math.min(tx - lx, ty - ly), hi = Math.max(tx + lx, ty + ly);
    const point = add(px, scale(ax, (lo + hi) / 2 - tx));
    return { ...x, params: { ...x.params, point: roundV(point), length: round(hi - lo) }, residual: Math.max(x.residual ?? 0, y.residual ?? 0) };
  },
  freedom(c, ctx) {
    const axis = v3(c.params['axis']), point = v3(c.params['point']);
    const [u, w] = perpendiculars(axis);
    return [ctx.wrench.force(u, point), ctx.wrench.force(w, point), ctx.wrench.moment(u), ctx.wrench.moment(w)];
  },
  describe(c) {
    const fit = c.params['fit'] ? 'fit' : `clearance ${mm(n(c.params['clearance']))}${c.params['standard'] ? ` (${String(c.params['standard'])})` : ''}`;
    return `Ø${mm(2 * n(c.params['radiusA']))}/Ø${mm(2 * n(c.params['radiusB']))}  ${fit}  axis ${vec(v3(c.params['axis']))} through ${vec(v3(c.params['point']))}`;
  },
};
