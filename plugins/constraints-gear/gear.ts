/**
 * `gear`: two toothed parts on parallel axes whose pitch circles are tangent, or whose teeth
 * touch. Teeth are faces periodic about the part's axis (`rotationalSymmetry`); the tooth
 * count is the period, the tip radius the periodic faces' largest distance from the axis, and
 * the module m = 2·tip / (z + 2) (standard addendum), so the pitch radius is m·z / 2.
 */
import { add, cross, dot, norm, rotationalSymmetry, scale, sub, unit, worldAxis, type ConstraintRule, type PairCandidate, type PartPairSurfacesView, type RotationalSymmetry, type Vec3 } from '../../src/plugin.js';

/** Fewer periodic faces than this is a hex or a square, not a gear. */
export const MIN_TEETH = 8;

const round = (x: number): number => {
  const r = Math.round(x * 1e9) / 1e9;
  return r === 0 ? 0 : r;
};
const roundV = (v: Vec3): Vec3 => [round(v[0]), round(v[1]), round(v[2])];
const num = (x: unknown): number => (typeof x === 'number' ? x : NaN);
const vec3 = (x: unknown): Vec3 => {
  if (Array.isArray(x) && x.length === 3 && x.every((v) => typeof v === 'number')) return [x[0], x[1], x[2]];
  throw new Error(`expected a 3-vector, got ${JSON.stringify(x)}`);
};

interface Toothed {
  sym: RotationalSymmetry;
  center: Vec3;
  axis: Vec3;
  module: number;
  pitchRadius: number;
}

function toothed(pair: PartPairSurfacesView, side: 'A' | 'B'): Toothed | null {
  const sym = rotationalSymmetry(side === 'A' ? pair.partA : pair.partB);
  if (!sym || sym.count < MIN_TEETH) return null;
  const { center, axis } = worldAxis(sym, pair.surfacesOf(side));
  const module = (2 * sym.outerRadius) / (sym.count + 2);
  return { sym, center, axis, module, pitchRadius: (module * sym.count) / 2 };
}

export const gear: ConstraintRule = {
  name: 'gear',
  kinds: ['gear'],
  matchPair(pair, ctx) {
    const A = toothed(pair, 'A');
    if (!A) return null;
    const B = toothed(pair, 'B');
    if (!B) return null;
    if (Math.abs(dot(A.axis, B.axis)) < Math.cos(ctx.angleTolerance)) return null;
    const between = sub(B.center, A.center);
    const radial = sub(between, scale(A.axis, dot(between, A.axis)));
    const distance = norm(radial);
    if (distance <= ctx.tolerance) return null; // coaxial: a spline, not a mesh
    if (Math.abs(A.module - B.module) > 0.02 * Math.max(A.module, B.module)) return null;
    if (distance >= A.sym.outerRadius + B.sym.outerRadius) return null; // tips do not reach each other
    const teethPairs = pair.pairs.filter((p) => A.sym.surfaces.includes(p.a.index) && B.sym.surfaces.includes(p.b.index));
    if (teethPairs.length === 0) return null;
    // teeth touch along the face width, not only at an edge
    const contact = teethPairs.some((p) => {
      if (p.relation !== 'touching') return false;
      const [a0, a1] = p.a.range(A.axis), [b0, b1] = p.b.range(A.axis);
      return Math.min(a1, b1) - Math.max(a0, b0) > ctx.tolerance;
    });
    const module = (A.module + B.module) / 2;
    const pitchGap = distance - (A.pitchRadius + B.pitchRadius);
    if (!contact && Math.abs(pitchGap) > Math.max(ctx.tolerance, 0.25 * module)) return null;
    const u = unit(radial);
    const pitchPoint = add(A.center, scale(u, A.pitchRadius));
    const candidate: PairCandidate = {
      kind: 'gear',
      params: {
        axis: roundV(A.axis),
        centerA: roundV(A.center),
        centerB: roundV(sub(B.center, scale(A.axis, dot(between, A.axis)))),
        teethA: A.sym.count,
        teethB: B.sym.count,
        ratio: round(B.sym.count / A.sym.count),
        module: round(module),
        pitchRadiusA: round(A.pitchRadius),
        pitchRadiusB: round(B.pitchRadius),
        centerDistance: round(distance),
        pitchPoint: roundV(pitchPoint),
        contact,
        coupled: true,
      },
      residual: round(Math.abs(pitchGap)),
      surfacesA: [...new Set(teethPairs.map((p) => p.a.index))].sort((x, y) => x - y),
      surfacesB: [...new Set(teethPairs.map((p) => p.b.index))].sort((x, y) => x - y),
    };
    return [candidate];
  },
  freedom(c, ctx) {
    // the pitch circles roll on each other: no slip along the common tangent at the pitch point
    const axis = vec3(c.params['axis']), a = vec3(c.params['centerA']), b = vec3(c.params['centerB']);
    const tangent = unit(cross(axis, sub(b, a)));
    return [ctx.wrench.force(tangent, vec3(c.params['pitchPoint']))];
  },
  describe(c) {
    const p = c.params;
    const f = (x: number): string => x.toFixed(2);
    // set by the interference review (src/review/agreement.ts): the same words as `contacts`
    if (typeof p['overlap'] === 'number') {
      return `gear ${num(p['teethA'])}:${num(p['teethB'])}, teeth overlap by ${f(p['overlap'])} mm (not clocked)  ratio ${num(p['ratio']).toFixed(3)}  module ${f(num(p['module']))}  centres ${f(num(p['centerDistance']))} apart  axis (${vec3(p['axis']).map((x) => +x.toFixed(3)).join(', ')})`;
    }
    return `${num(p['teethA'])}:${num(p['teethB'])} teeth  ratio ${num(p['ratio']).toFixed(3)}  module ${f(num(p['module']))}  centres ${f(num(p['centerDistance']))} apart${p['contact'] ? '  teeth touch' : ''}  axis (${vec3(p['axis']).map((x) => +x.toFixed(3)).join(', ')})`;
  },
};
