/** `spherical`: a convex sphere (ball) in a concave one (socket) with the same centre. */
import type { ConstraintCandidate, ConstraintRule } from '../../src/plugin.js';
import { mm, n, norm, round, roundV, sub, v3, vec } from './geometry.js';

export const spherical: ConstraintRule = {
  name: 'spherical',
  kinds: ['spherical'],
  match({ a, b }, ctx) {
    if (a.kind.type !== 'sphere' || b.kind.type !== 'sphere') return null;
    const sa = a.kind, sb = b.kind;
    const socket = a.sense === 'concave' && b.sense === 'convex' ? 'A' : a.sense === 'convex' && b.sense === 'concave' ? 'B' : null;
    if (!socket) return null;
    const tol = ctx.coincidenceTolerance?.(a, b) ?? ctx.tolerance + sa.residual + sb.residual;
    const offset = norm(sub(sa.center, sb.center));
    if (offset > tol) return null;
    const gap = socket === 'A' ? sa.radius - sb.radius : sb.radius - sa.radius;
    if (gap < -tol || gap > Math.max(ctx.clearance, tol)) return null;
    const clearance = Math.max(0, gap);
    return {
      kind: 'spherical',
      params: {
        center: roundV(sa.center),
        radius: round(socket === 'A' ? sb.radius : sa.radius),
        radiusA: round(sa.radius),
        radiusB: round(sb.radius),
        clearance: round(clearance),
        fit: clearance <= tol,
        socket,
      },
      residual: round(offset + (gap < 0 ? -gap : 0)),
    };
  },
  merge(x, y, ctx): ConstraintCandidate | null {
    const tol = ctx.tolerance + Math.max(x.residual ?? 0, y.residual ?? 0);
    if (norm(sub(v3(x.params['center']), v3(y.params['center']))) > tol) return null;
    if (Math.abs(n(x.params['radiusA']) - n(y.params['radiusA'])) > tol || Math.abs(n(x.params['radiusB']) - n(y.params['radiusB'])) > tol) return null;
    return { ...x, residual: Math.max(x.residual ?? 0, y.residual ?? 0) };
  },
  freedom(c, ctx) {
    const centre = v3(c.params['center']);
    return [ctx.wrench.force([1, 0, 0], centre), ctx.wrench.force([0, 1, 0], centre), ctx.wrench.force([0, 0, 1], centre)];
  },
  describe(c) {
    const fit = c.params['fit'] ? 'fit' : `clearance ${mm(n(c.params['clearance']))}`;
    return `SØ${mm(2 * n(c.params['radiusA']))}/SØ${mm(2 * n(c.params['radiusB']))}  ${fit}  centre ${vec(v3(c.params['center']))}`;
  },
};
