/**
 * Splined shafts: a shaft and a hub whose faces are periodic about one common axis with the
 * same tooth count (`rotationalSymmetry`), and whose teeth touch, are one `coaxial` with
 * `profile: 'spline'` that locks the rotation. Runs on the whole part pair after `prismatic`
 * (a hex is a polygon, not a spline) and claims the teeth.
 */
import { rotationalSymmetry, worldAxis, type ConstraintRule, type PairCandidate } from '../../src/plugin.js';
import { add, cross, dot, mm, n, norm, overlap, round, roundV, scale, sub, v3, vec } from './geometry.js';
import { lockedCoaxialFreedom } from './prismatic.js';

/** Fewer teeth than this: a flat or a polygon (handled by `prismatic`). */
const MIN_TEETH = 6;

export const spline: ConstraintRule = {
  name: 'spline',
  kinds: ['coaxial'],
  matchPair(pair, ctx) {
    const symA = rotationalSymmetry(pair.partA);
    if (!symA || symA.count < MIN_TEETH) return null;
    const symB = rotationalSymmetry(pair.partB);
    if (!symB || symB.count !== symA.count) return null;
    const teeth = pair.pairs.filter((p) => symA.surfaces.includes(p.a.index) && symB.surfaces.includes(p.b.index));
    if (!teeth.some((p) => p.relation === 'touching')) return null;
    const A = worldAxis(symA, pair.surfacesOf('A')), B = worldAxis(symB, pair.surfacesOf('B'));
    if (Math.abs(dot(A.axis, B.axis)) < Math.cos(ctx.angleTolerance)) return null;
    if (norm(cross(sub(B.center, A.center), A.axis)) > ctx.tolerance + 1e-6 * ctx.scale) return null;
    // the hub is the part that reaches farther from the axis; its teeth reach in between the shaft's
    const hole = symA.partRadius >= symB.partRadius ? 'A' : 'B';
    const [hub, shaft] = hole === 'A' ? [symA, symB] : [symB, symA];
    if (!(shaft.outerRadius > hub.innerRadius + ctx.tolerance)) return null;
    const clearance = Math.max(0, hub.outerRadius - shaft.outerRadius);
    const axis = A.axis;
    // the engaged length: teeth that touch along the axis, not at an edge (two bolt-hole circles face to face)
    let [lo, hi] = [Infinity, -Infinity];
    for (const p of teeth) {
      if (p.relation !== 'touching') continue;
      const [l, h] = overlap(p.a.range(axis), p.b.range(axis));
      if (h - l > ctx.tolerance) [lo, hi] = [Math.min(lo, l), Math.max(hi, h)];
    }
    if (!(hi - lo > ctx.tolerance)) return null;
    const point = add(A.center, scale(axis, (lo + hi) / 2 - dot(A.center, axis)));
    const candidate: PairCandidate = {
      kind: 'coaxial',
      params: {
        point: roundV(point),
        axis: roundV(axis),
        radiusA: round(symA.outerRadius),
        radiusB: round(symB.outerRadius),
        clearance: round(clearance),
        fit: clearance <= ctx.tolerance,
        hole,
        length: round(Math.max(0, hi - lo)),
        profile: 'spline',
        teeth: symA.count,
        minorA: round(symA.innerRadius),
        minorB: round(symB.innerRadius),
      },
      residual: round(norm(cross(sub(B.center, A.center), A.axis))),
      surfacesA: [...new Set(teeth.map((p) => p.a.index))].sort((x, y) => x - y),
      surfacesB: [...new Set(teeth.map((p) => p.b.index))].sort((x, y) => x - y),
    };
    return [candidate];
  },
  freedom: lockedCoaxialFreedom,
  describe(c) {
    const p = c.params;
    const fit = p['fit'] ? 'fit' : `clearance ${mm(n(p['clearance']))}`;
    return `spline ${n(p['teeth'])} teeth Ø${mm(2 * n(p['radiusA']))}/Ø${mm(2 * n(p['radiusB']))}  ${fit}  locks rotation  axis ${vec(v3(p['axis']))} through ${vec(v3(p['point']))}`;
  },
};
