/**
 * `insert` (derived): a coaxial fit and an against of the same part pair whose plane is
 * perpendicular to the axis — a bolt through a hole with its head seated, a flanged
 * bearing pressed in a bore.
 */
import type { ConstraintRule, DerivedCandidate } from '../../src/plugin.js';
import { add, dot, mm, n, round, roundV, scale, v3, vec } from './geometry.js';

export const insert: ConstraintRule = {
  name: 'insert',
  kinds: ['insert'],
  derive({ constraints }, ctx) {
    const out: DerivedCandidate[] = [];
    for (const c of constraints) {
      if (c.kind !== 'coaxial') continue;
      const axis = v3(c.params['axis']), point = v3(c.params['point']);
      for (const g of constraints) {
        if (g.kind !== 'against') continue;
        const normal = v3(g.params['normal']);
        const cos = dot(axis, normal);
        if (Math.abs(cos) < Math.cos(ctx.angleTolerance)) continue;
        // where the axis meets the seating plane
        const seat = add(point, scale(axis, (n(g.params['offset']) - dot(normal, point)) / cos));
        out.push({
          kind: 'insert',
          params: {
            point: roundV(seat),
            axis: roundV(normal),
            radiusA: c.params['radiusA'],
            radiusB: c.params['radiusB'],
            clearance: c.params['clearance'],
            fit: c.params['fit'],
            hole: c.params['hole'],
          },
          residual: round(Math.max(c.residual, g.residual)),
          derivedFrom: [c.id, g.id],
        });
      }
    }
    return out;
  },
  describe(c) {
    const fit = c.params['fit'] ? 'fit' : `clearance ${mm(n(c.params['clearance']))}`;
    return `Ø${mm(2 * n(c.params['radiusA']))}/Ø${mm(2 * n(c.params['radiusB']))}  ${fit}  seated at ${vec(v3(c.params['point']))} along ${vec(v3(c.params['axis']))}`;
  },
};
