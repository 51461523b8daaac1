/** `conical`: a convex cone seated in a concave one: same axis and apex, equal half-angle. */
import type { ConstraintCandidate, ConstraintRule } from '../../src/plugin.js';
import { add, dot, mm, n, norm, num, overlap, perpendiculars, round, roundV, scale, sub, v3, vec } from './geometry.js';

export const conical: ConstraintRule = {
  name: 'conical',
  kinds: ['conical'],
  match({ a, b, relation }, ctx) {
    if (relation === 'near' || a.kind.type !== 'cone' || b.kind.type !== 'cone') return null;
    const ka = a.kind, kb = b.kind;
    const seat = a.sense === 'concave' && b.sense === 'convex' ? 'A' : a.sense === 'convex' && b.sense === 'concave' ? 'B' : null;
    if (!seat) return null;
    if (dot(ka.axis, kb.axis) < Math.cos(ctx.angleTolerance)) return null;
    if (Math.abs(ka.halfAngle - kb.halfAngle) > ctx.angleTolerance) return null;
    const tol = ctx.tolerance + ka.residual + kb.residual;
    const d = sub(kb.apex, ka.apex);
    const along = dot(d, ka.axis);
    const lateral = norm(sub(d, scale(ka.axis, along)));
    // the surfaces' normal distance: an apex shift s along the axis moves the cone surface by s·sin(α)
    const surfaceGap = Math.abs(along) * Math.sin(ka.halfAngle) + lateral * Math.cos(ka.halfAngle);
    if (surfaceGap > tol) return null;
    const apexT = dot(ka.apex, ka.axis);
    const [lo, hi] = overlap(a.range(ka.axis), b.range(ka.axis));
    if (!(hi - lo > tol)) return null;
    const tan = Math.tan(ka.halfAngle);
    const radiusMin = Math.max(0, (lo - apexT) * tan), radiusMax = Math.max(0, (hi - apexT) * tan);
    return {
      kind: 'conical',
      params: {
        apex: roundV(ka.apex),
        axis: roundV(ka.axis),
        halfAngle: round(ka.halfAngle),
        halfAngleDeg: round((ka.halfAngle * 180) / Math.PI),
        radiusMin: round(radiusMin),
        radiusMax: round(radiusMax),
        seat,
      },
      residual: round(surfaceGap),
    };
  },
  merge(x, y, ctx): ConstraintCandidate | null {
    const tol = ctx.tolerance + Math.max(x.residual ?? 0, y.residual ?? 0);
    if (norm(sub(v3(x.params['apex']), v3(y.params['apex']))) > tol / Math.max(1e-3, Math.sin(n(x.params['halfAngle'])))) return null;
    if (dot(v3(x.params['axis']), v3(y.params['axis'])) < Math.cos(ctx.angleTolerance)) return null;
    if (Math.abs(n(x.params['halfAngle']) - n(y.params['halfAngle'])) > ctx.angleTolerance) return null;
    return {
      ...x,
      params: { ...x.params, radiusMin: Math.min(n(x.params['radiusMin']), n(y.params['radiusMin'])), radiusMax: Math.max(n(x.params['radiusMax']), n(y.params['radiusMax'])) },
      residual: Math.max(x.residual ?? 0, y.residual ?? 0),
    };
  },
  freedom(c, ctx) {
    // bilateral: only the rotation about the axis is left
    const axis = v3(c.params['axis']), apex = v3(c.params['apex']);
    const [u, w] = perpendiculars(axis);
    const p = add(apex, scale(axis, 1));
    return [ctx.wrench.force(u, p), ctx.wrench.force(w, p), ctx.wrench.moment(u), ctx.wrench.moment(w), ctx.wrench.force(axis, apex)];
  },
  describe(c) {
    const p = c.params;
    return `half-angle ${num(n(p['halfAngleDeg']))}°  apex ${vec(v3(p['apex']))}  axis ${vec(v3(p['axis']))}  Ø${mm(2 * n(p['radiusMin']))}–Ø${mm(2 * n(p['radiusMax']))}`;
  },
};
