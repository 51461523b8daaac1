/**
 * First-party rule `threaded`: a bolt, screw or stud engaged in a nut or a tapped hole
 * (`src/constraints/fasteners.ts` finds the joints; this rule turns each into a constraint
 * and claims its shank/bore surface pairs, so they are not also a `coaxial`). One degree of
 * freedom: the screw motion about the thread's axis, rotation coupled to translation.
 */
import { nearestCoarsePitch, threadLeadFactor, type ConstraintRule, type PairCandidate, type SurfcdPlugin } from '../../src/plugin.js';
import { cross, mm, n, perpendiculars, v3, vec } from '../constraints-basic/geometry.js';

/** The axis of a `threaded` constraint's params. */
function axisOf(params: Record<string, unknown>): { point: [number, number, number]; direction: [number, number, number] } {
  const axis = params['axis'] as { point?: unknown; direction?: unknown } | undefined;
  return { point: v3(axis?.point), direction: v3(axis?.direction) };
}

export const threaded: ConstraintRule = {
  name: 'threaded',
  kinds: ['threaded'],
  matchPair({ partA, partB }, ctx) {
    const found = ctx.threadedJoints?.(partA, partB) ?? [];
    return found.map(({ joint, fastener }): PairCandidate => ({
      kind: 'threaded',
      params: {
        axis: { point: joint.axis.point, direction: joint.axis.direction },
        nominal: joint.nominal,
        pitch: joint.pitch,
        engagement: joint.engagement,
        drawn: joint.drawn,
        fastener,
        ...(joint.designation ? { designation: joint.designation } : {}),
      },
      residual: 0,
      surfacesA: fastener === 'A' ? joint.fastenerSurfaces : joint.mateSurfaces,
      surfacesB: fastener === 'A' ? joint.mateSurfaces : joint.fastenerSurfaces,
    }));
  },
  // one joint per part pair and axis: two halves of one bore are the same thread
  merge(x, y) {
    const a = axisOf(x.params), b = axisOf(y.params);
    const same = Math.abs(a.direction[0] * b.direction[0] + a.direction[1] * b.direction[1] + a.direction[2] * b.direction[2]) > 0.9998 && Math.hypot(...cross([b.point[0] - a.point[0], b.point[1] - a.point[1], b.point[2] - a.point[2]], a.direction)) < 1e-3;
    return same ? x : null;
  },
  freedom(c, ctx) {
    const { point, direction } = axisOf(c.params);
    const [u, w] = perpendiculars(direction);
    // a right-hand thread: a turn about `direction` advances along it by one pitch (h = pitch / 2π per radian);
    // the wrench (a, p×a − h·a) forbids every twist but that screw. Without a table pitch the
    // coarse pitch of the nearest ISO size stands in: the DOF and the axis are right, the lead is an estimate.
    const pitch = typeof c.params['pitch'] === 'number' ? (c.params['pitch'] as number) : nearestCoarsePitch(n(c.params['nominal']));
    // scaled for the analysis (see threadLeadFactor); recognizeConstraints reports the true pitch
    const h = (pitch / (2 * Math.PI)) * threadLeadFactor(ctx.scale);
    const f = ctx.wrench.force(direction, point);
    const screw: [number, number, number, number, number, number] = [f[0], f[1], f[2], f[3] - h * direction[0], f[4] - h * direction[1], f[5] - h * direction[2]];
    return [ctx.wrench.force(u, point), ctx.wrench.force(w, point), ctx.wrench.moment(u), ctx.wrench.moment(w), screw];
  },
  describe(c) {
    const p = c.params;
    const size = typeof p['designation'] === 'string' ? `${p['designation']}` : `Ø${mm(n(p['nominal']))}`;
    const pitch = typeof p['pitch'] === 'number' ? `pitch ${p['pitch']}` : 'pitch unknown (no thread table holds the size)';
    const { point, direction } = axisOf(p);
    return `${size} ${pitch}  bore drawn at ${p['drawn'] === 'minor' ? 'minor dia.' : 'nominal'}  engagement ${mm(n(p['engagement']))}  axis ${vec(direction)} through ${vec(point)}`;
  },
};

const plugin: SurfcdPlugin = { name: 'constraints-thread', constraintRules: [threaded] };

export default plugin;
