/**
 * `tangent`: line contact. A plane touching a convex cylinder along a line (the axis
 * parallel to the plane at distance r), or two cylinders on parallel axes touching along a
 * line, outside each other (axis distance rA + rB) or one inside the other (R − r).
 */
import type { ConstraintCandidate, ConstraintRule, Supersession, SurfaceView } from '../../src/plugin.js';
import { add, canonical, cross, dot, mm, n, neg, norm, overlap, round, roundV, sameLine, scale, sub, unit, v3, vec, type Vec3 } from './geometry.js';

function planeCylinder(plane: SurfaceView, cylinder: SurfaceView, planeIs: 'A' | 'B', tolerance: number, angle: number): ConstraintCandidate | null {
  if (plane.kind.type !== 'plane' || cylinder.kind.type !== 'cylinder' || cylinder.sense !== 'convex') return null;
  const p = plane.kind, c = cylinder.kind;
  if (Math.abs(dot(p.normal, c.axis)) > Math.sin(angle)) return null;
  const tol = tolerance + p.residual + c.residual;
  const distance = dot(p.normal, c.point) - p.offset; // axis height above the plane, along its outward normal
  if (Math.abs(distance - c.radius) > tol) return null;
  const axis = canonical(c.axis);
  const [lo, hi] = overlap(plane.range(axis), cylinder.range(axis));
  if (!(hi - lo > tol)) return null;
  const axisPoint = add(c.point, scale(axis, (lo + hi) / 2 - dot(c.point, axis)));
  const point = sub(axisPoint, scale(p.normal, distance));
  return {
    kind: 'tangent',
    params: { normal: roundV(p.normal), point: roundV(point), axisPoint: roundV(axisPoint), axis: roundV(axis), radius: round(c.radius), plane: planeIs, length: round(hi - lo) },
    residual: round(Math.abs(distance - c.radius)),
  };
}

function cylinderCylinder(a: SurfaceView, b: SurfaceView, tolerance: number, angle: number): ConstraintCandidate | null {
  if (a.kind.type !== 'cylinder' || b.kind.type !== 'cylinder' || !a.sense || !b.sense) return null;
  const ca = a.kind, cb = b.kind;
  if (Math.abs(dot(ca.axis, cb.axis)) < Math.cos(angle)) return null;
  const tol = tolerance + ca.residual + cb.residual;
  const axis = canonical(ca.axis);
  const between = sub(cb.point, ca.point);
  const perpendicular = sub(between, scale(axis, dot(between, axis)));
  const distance = norm(perpendicular);
  if (distance <= tol) return null; // coaxial, not a line contact
  const u = unit(perpendicular); // from A's axis towards B's
  let normal: Vec3, point: Vec3, internal: boolean, expected: number;
  if (a.sense === 'convex' && b.sense === 'convex') {
    internal = false;
    expected = ca.radius + cb.radius;
    normal = u;
    point = add(ca.point, scale(u, ca.radius));
  } else if (a.sense === 'concave' && b.sense === 'convex') {
    internal = true;
    expected = ca.radius - cb.radius;
    normal = neg(u);
    point = add(ca.point, scale(u, ca.radius));
  } else if (a.sense === 'convex' && b.sense === 'concave') {
    internal = true;
    expected = cb.radius - ca.radius;
    normal = neg(u);
    point = sub(ca.point, scale(u, ca.radius));
  } else return null;
  if (Math.abs(distance - expected) > tol) return null;
  const [lo, hi] = overlap(a.range(axis), b.range(axis));
  if (!(hi - lo > tol)) return null;
  const mid = (lo + hi) / 2;
  const at = (q: Vec3): Vec3 => add(q, scale(axis, mid - dot(q, axis)));
  return {
    kind: 'tangent',
    params: {
      normal: roundV(normal),
      point: roundV(at(point)),
      axis: roundV(axis),
      axisPointA: roundV(at(ca.point)),
      axisPointB: roundV(at(cb.point)),
      radiusA: round(ca.radius),
      radiusB: round(cb.radius),
      internal,
      length: round(hi - lo),
    },
    residual: round(Math.abs(distance - expected)),
  };
}

export const tangent: ConstraintRule = {
  name: 'tangent',
  kinds: ['tangent'],
  match({ a, b, relation }, ctx) {
    if (relation === 'near') return null;
    const { tolerance, angleTolerance } = ctx;
    if (a.kind.type === 'plane') return planeCylinder(a, b, 'A', tolerance, angleTolerance);
    if (b.kind.type === 'plane') return planeCylinder(b, a, 'B', tolerance, angleTolerance);
    return cylinderCylinder(a, b, tolerance, angleTolerance);
  },
  merge(x, y, ctx): ConstraintCandidate | null {
    // the same contact line, the same side, the same radii
    const tol = ctx.tolerance + Math.max(x.residual ?? 0, y.residual ?? 0);
    if (dot(v3(x.params['normal']), v3(y.params['normal'])) < Math.cos(ctx.angleTolerance)) return null;
    if (!sameLine(v3(x.params['point']), v3(x.params['axis']), v3(y.params['point']), v3(y.params['axis']), tol, ctx.angleTolerance)) return null;
    for (const k of ['radius', 'radiusA', 'radiusB']) {
      const vx = x.params[k], vy = y.params[k];
      if (vx === undefined && vy === undefined) continue;
      if (typeof vx !== 'number' || typeof vy !== 'number' || Math.abs(vx - vy) > tol) return null;
    }
    if (x.params['plane'] !== y.params['plane']) return null;
    const ax = v3(x.params['axis']);
    const tx = dot(v3(x.params['point']), ax), ty = dot(v3(y.params['point']), ax);
    const lx = n(x.params['length']) / 2, ly = n(y.params['length']) / 2;
    const lo = Math.min(tx - lx, ty - ly), hi = Math.max(tx + lx, ty + ly);
    const shift = (key: string): Record<string, unknown> => (x.params[key] ? { [key]: roundV(add(v3(x.params[key]), scale(ax, (lo + hi) / 2 - tx))) } : {});
    return {
      ...x,
      params: { ...x.params, ...shift('point'), ...shift('axisPoint'), ...shift('axisPointA'), ...shift('axisPointB'), length: round(hi - lo) },
      residual: Math.max(x.residual ?? 0, y.residual ?? 0),
    };
  },
  supersede({ constraints }, ctx) {
    // A line contact on the plane of an `against` of the same pair (a fillet or a rounded
    // edge beside the face that rests there) adds nothing the against does not already
    // hold: it joins the against instead of being a constraint of its own.
    const out: Supersession[] = [];
    for (const t of constraints) {
      if (t.kind !== 'tangent' || t.rule !== 'tangent') continue;
      const normal = t.params['plane'] === 'B' ? neg(v3(t.params['normal'])) : v3(t.params['normal']); // out of A
      const point = v3(t.params['point']);
      const host = constraints.find(
        (g) =>
          g.kind === 'against' &&
          dot(v3(g.params['normal']), normal) >= Math.cos(ctx.angleTolerance) &&
          Math.abs(dot(v3(g.params['normal']), point) - n(g.params['offset'])) <= ctx.tolerance + t.residual + g.residual,
      );
      if (host) out.push({ id: t.id, into: host.id });
    }
    return out;
  },
  freedom(c, ctx) {
    // the line may not leave the plane: no motion along the normal at the line, no tilt about the in-plane perpendicular
    const normal = v3(c.params['normal']), point = v3(c.params['point']), axis = v3(c.params['axis']);
    return [ctx.wrench.force(normal, point), ctx.wrench.moment(cross(axis, normal))];
  },
  describe(c) {
    const p = c.params;
    if (p['plane']) {
      return `plane ${p['plane']} normal ${vec(v3(p['normal']))} on Ø${mm(2 * n(p['radius']))} axis ${vec(v3(p['axis']))} through ${vec(v3(p['axisPoint']))}`;
    }
    return `Ø${mm(2 * n(p['radiusA']))}/Ø${mm(2 * n(p['radiusB']))} ${p['internal'] ? 'inside' : 'outside'}  line ${vec(v3(p['point']))} along ${vec(v3(p['axis']))}`;
  },
};
