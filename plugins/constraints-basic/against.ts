/** `against`: two planes with opposite normals that coincide (a face resting on a face). */
import type { ConstraintCandidate, ConstraintRule } from '../../src/plugin.js';
import { dot, mm, n, perpendiculars, round, roundV, scale, sub, v3, vec } from './geometry.js';

export const against: ConstraintRule = {
  name: 'against',
  kinds: ['against'],
  match({ a, b, relation }, ctx) {
    if (relation === 'near' || a.kind.type !== 'plane' || b.kind.type !== 'plane') return null;
    const pa = a.kind, pb = b.kind;
    if (dot(pa.normal, pb.normal) > -Math.cos(ctx.angleTolerance)) return null;
    // B's plane is nA·x = -dB; the planes' separation along nA is -(dA + dB)
    const gap = -(pa.offset + pb.offset);
    if (Math.abs(gap) > ctx.tolerance + pa.residual + pb.residual) return null;
    // a point of the contact plane: the centroid of the smaller face, projected on A's plane
    const c = a.area <= b.area ? a.centroid : b.centroid;
    const point = sub(c, scale(pa.normal, dot(c, pa.normal) - pa.offset));
    return {
      kind: 'against',
      params: { normal: roundV(pa.normal), offset: round(pa.offset), point: roundV(point), gap: round(gap) },
      residual: round(Math.abs(gap)),
    };
  },
  merge(x, y, ctx): ConstraintCandidate | null {
    const nx = v3(x.params['normal']), ny = v3(y.params['normal']);
    if (dot(nx, ny) < Math.cos(ctx.angleTolerance)) return null;
    if (Math.abs(n(x.params['offset']) - n(y.params['offset'])) > ctx.tolerance) return null;
    return { ...x, residual: Math.max(x.residual ?? 0, y.residual ?? 0) };
  },
  freedom(c, ctx) {
    const normal = v3(c.params['normal']), point = v3(c.params['point']);
    const [u, w] = perpendiculars(normal);
    return [ctx.wrench.force(normal, point), ctx.wrench.moment(u), ctx.wrench.moment(w)];
  },
  describe(c) {
    return `normal ${vec(v3(c.params['normal']))}  offset ${mm(n(c.params['offset']))}`;
  },
};
