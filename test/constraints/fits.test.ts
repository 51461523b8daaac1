/**
 * Clearance by size (ISO 273), prismatic bores and periodic faces, on hand-made parts whose
 * answers are known by construction.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recognizeConstraints, SurfcdError, type SurfcdPlugin } from '../../src/index.js';
import { rotationalSymmetry } from '../../src/constraints/periodic.js';
import { clearanceHole, STANDARD_SIZES } from '../../plugins/constraints-basic/iso273.js';
import { assemblyOf, band, part, type Patch } from './meshes.js';

type V = [number, number, number];

describe('ISO 273 clearance holes', () => {
  it('every tabulated hole matches its own size and series; the medium series of M20 is 22', () => {
    for (const s of STANDARD_SIZES) {
      s.holes.forEach((h, i) => expect(clearanceHole(s.diameter, h, 0.01)?.standard, `${s.size} ${h}`).toBe(`${s.size} ${s.series[i]}`));
    }
    expect(clearanceHole(20, 22, 0.01)).toMatchObject({ standard: 'M20 medium', limit: 2.01 });
    expect(clearanceHole(6.35, 6.35 + 0.6, 0.01)?.standard).toBe('1/4" normal');
  });

  it('a hole beyond the coarse series, or tighter than halfway to the fine one, is no clearance hole; a non-standard shank has none', () => {
    expect(clearanceHole(20, 24.1, 0.01)).toBeNull();
    expect(clearanceHole(20, 20.3, 0.01)).toBeNull();
    expect(clearanceHole(21, 22, 0.01)).toBeNull();
    // 5/16" (7.9375) is not M8
    expect(clearanceHole(7.9375, 8.4, 0.01)?.size).toBe('5/16"');
  });

  it('property: the series reported is the tightest whose hole admits the measured one', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: STANDARD_SIZES.length - 1 }), fc.double({ min: 0, max: 1, noNaN: true }), (k, t) => {
        const s = STANDARD_SIZES[k]!;
        const lo = (s.diameter + s.holes[0]) / 2, hi = s.holes[2];
        const hole = lo + t * (hi - lo);
        const found = clearanceHole(s.diameter, hole, 0)!;
        expect(found.size).toBe(s.size);
        const i = s.series.indexOf(found.series);
        expect(hole).toBeLessThanOrEqual(s.holes[i]! + 1e-12);
        if (i > 0) expect(hole).toBeGreaterThan(s.holes[i - 1]!);
      }),
    );
  });
});

describe('clearance by size in the recognizer', () => {
  const bolt = part('bolt', [band(10, -5, 25)]);
  const hole = (r: number): ReturnType<typeof part> => part('plate', [band(r, 0, 20, { inward: true, n: 48 })]);

  it('an M20 shank in a 22 mm hole is a coaxial "M20 medium" by default; --clearance 0.5 overrides', () => {
    const byDefault = recognizeConstraints(assemblyOf([hole(11), bolt]));
    expect(byDefault.clearanceBySize).toBe(true);
    expect(byDefault.constraints).toHaveLength(1);
    expect(byDefault.constraints[0]!.params).toMatchObject({ clearance: 1, fit: false, standard: 'M20 medium', hole: 'B' });
    const given = recognizeConstraints(assemblyOf([hole(11), bolt]), { clearance: 0.5 });
    expect(given.clearanceBySize).toBe(false);
    expect(given.constraints).toEqual([]);
  });

  it('beyond M20 coarse (Ø24) there is no fit; a non-standard Ø21 shank falls back to 0.5', () => {
    expect(recognizeConstraints(assemblyOf([hole(12.1), bolt])).constraints).toEqual([]);
    const odd = recognizeConstraints(assemblyOf([hole(11), part('bolt', [band(10.5, -5, 25)])])).constraints;
    expect(odd).toHaveLength(1);
    expect(odd[0]!.params['standard']).toBeUndefined();
  });
});

/** A planar quad from 4 corners (counter-clockwise seen from where `normal` points). */
function quad(corners: V[], normal: V): Patch {
  return { positions: corners.flat(), normals: corners.flatMap(() => normal), indices: [0, 1, 2, 0, 2, 3] };
}

/** The side faces of a prism along z over z0..z1 whose section is the convex polygon `pts` (CCW); inward for a bore. */
function prismSides(pts: [number, number][], z0: number, z1: number, inward = false): Patch[] {
  return pts.map((p, i) => {
    const q = pts[(i + 1) % pts.length]!;
    const n = [q[1] - p[1], -(q[0] - p[0])];
    const l = Math.hypot(n[0]!, n[1]!);
    const normal: V = inward ? [-n[0]! / l, -n[1]! / l, 0] : [n[0]! / l, n[1]! / l, 0];
    const c: V[] = [[p[0], p[1], z0], [q[0], q[1], z0], [q[0], q[1], z1], [p[0], p[1], z1]];
    return quad(inward ? [c[0]!, c[3]!, c[2]!, c[1]!] : c, normal);
  });
}
const polygon = (k: number, apothem: number): [number, number][] =>
  Array.from({ length: k }, (_, i) => {
    const a = (2 * Math.PI * (i + 0.5)) / k, r = apothem / Math.cos(Math.PI / k);
    return [r * Math.cos(a), r * Math.sin(a)];
  });

describe('prismatic bores on hand-made parts', () => {
  it('a hex shaft in a hex bore is one coaxial with profile hex that locks the rotation', () => {
    const shaft = part('shaft', prismSides(polygon(6, 6.35), -10, 30));
    const hub = part('hub', prismSides(polygon(6, 6.4), 0, 15, true));
    const report = recognizeConstraints(assemblyOf([hub, shaft]));
    expect(report.constraints.map((c) => c.kind)).toEqual(['coaxial']);
    const c = report.constraints[0]!;
    expect(c.params).toMatchObject({ profile: 'hex', sides: 6, hole: 'A', fit: false });
    expect(c.params['clearance'] as number).toBeCloseTo(0.05, 9);
    expect(c.surfacesA).toEqual([0, 1, 2, 3, 4, 5]);
    const f = report.freedom.pairs[0]!;
    expect(f.dof).toBe(1);
    expect(f.rotations).toEqual([]);
  });

  it('a D shaft (one flat) in a D bore is one coaxial with profile flat; without the flat it turns', () => {
    const x0 = Math.sqrt(36 - 4.5 * 4.5), a = Math.atan2(4.5, x0);
    const arc = { a0: Math.PI - a, a1: 2 * Math.PI + a, n: 36 };
    const flat = (inward: boolean): Patch => prismSides([[x0, 4.5], [-x0, 4.5]], inward ? 0 : -10, inward ? 12 : 30, inward)[0]!;
    const shaft = part('shaft', [band(6, -10, 30, arc), flat(false)]);
    const hub = part('hub', [band(6, 0, 12, { ...arc, inward: true }), flat(true)]);
    const report = recognizeConstraints(assemblyOf([hub, shaft]));
    expect(report.constraints.map((c) => [c.kind, c.params['profile'], c.params['flats']])).toEqual([['coaxial', 'flat', [4.5]]]);
    expect(report.freedom.pairs[0]!.dof).toBe(1);
    const round = recognizeConstraints(assemblyOf([part('hub', [band(6, 0, 12, { n: 36, inward: true })]), part('shaft', [band(6, -10, 30, { n: 36 })])]));
    expect(round.constraints.map((c) => c.params['profile'])).toEqual([undefined]);
    expect(round.freedom.pairs[0]!.dof).toBe(2);
  });

  it('a rectangular key in a rectangular pocket is not a square: four againsts', () => {
    const rect: [number, number][] = [[-8, -3], [8, -3], [8, 3], [-8, 3]];
    const key = part('key', prismSides(rect, 0, 6));
    const pocket = part('pocket', prismSides(rect, -1, 5, true));
    const report = recognizeConstraints(assemblyOf([key, pocket]));
    expect(report.constraints.map((c) => c.kind)).toEqual(['against', 'against', 'against', 'against']);
  });
});

describe('rotational symmetry', () => {
  it('property: N congruent faces around any axis give N teeth about that axis', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 40 }),
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: 0, max: Math.PI, noNaN: true }),
        fc.tuple(fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true })),
        (n, yaw, tilt, t) => {
          // the tooth: a small quad at radius 20 along x; rotated copies about z, then the whole set tilted and moved
          const axis: V = [Math.sin(tilt) * Math.cos(yaw), Math.sin(tilt) * Math.sin(yaw), Math.cos(tilt)];
          const move = (p: V): V => {
            // rotate z onto `axis` (Rodrigues about z × axis), then translate
            const k: V = [-axis[1], axis[0], 0];
            const s = Math.hypot(...k), c = axis[2];
            if (s < 1e-12) return [p[0] + t[0], p[1] + t[1], (c > 0 ? p[2] : -p[2]) + t[2]];
            const u: V = [k[0] / s, k[1] / s, 0];
            const d = u[0] * p[0] + u[1] * p[1];
            const x: V = [u[1] * p[2], -u[0] * p[2], u[0] * p[1] - u[1] * p[0]];
            return [0, 1, 2].map((i) => p[i]! * c + x[i]! * s + u[i]! * d * (1 - c) + t[i]!) as V;
          };
          const patches: Patch[] = [];
          for (let i = 0; i < n; i++) {
            const a = (2 * Math.PI * i) / n;
            const r = (x: number, y: number, z: number): V => move([x * Math.cos(a) - y * Math.sin(a), x * Math.sin(a) + y * Math.cos(a), z]);
            patches.push(quad([r(20, -1, 0), r(22, -1, 0), r(22, 1, 0.5), r(20, 1, 0.5)], [0, 0, 1]));
          }
          patches.push(band(5, -3, 3));
          const sym = rotationalSymmetry(part('toothed', patches))!;
          expect(sym.count).toBe(n);
          expect(Math.abs(sym.axis[0] * axis[0] + sym.axis[1] * axis[1] + sym.axis[2] * axis[2])).toBeGreaterThan(1 - 1e-9);
          expect(sym.surfaces).toHaveLength(n);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('faces that are equal but not evenly spaced are no symmetry', () => {
    const patches = [0, 1, 2.5].map((a) => quad([[20 * Math.cos(a), 20 * Math.sin(a), 0], [22 * Math.cos(a), 22 * Math.sin(a), 0], [22 * Math.cos(a), 22 * Math.sin(a), 1], [20 * Math.cos(a), 20 * Math.sin(a), 1]], [0, 0, 1]));
    expect(rotationalSymmetry(part('uneven', patches))).toBeNull();
  });
});

describe('matchPair and supersede in the plugin contract', () => {
  const hole = part('hole', [band(5.25, 0, 10, { inward: true })]);
  const pin = part('pin', [band(5, -5, 15)]);
  const pairPlugin = (surfacesA: unknown): SurfcdPlugin => ({
    name: 'pair-example',
    constraintRules: [{ name: 'whole', matchPair: ({ pairs }) => [{ kind: 'whole', params: { pairs: pairs.length }, surfacesA: surfacesA as number[], surfacesB: [0] }] }],
  });

  it('a matchPair candidate claims its surface pairs: the coaxial rule no longer sees them', () => {
    const report = recognizeConstraints(assemblyOf([hole, pin]), { plugins: [pairPlugin([0])] });
    expect(report.constraints.map((c) => [c.kind, c.rule, c.surfacesA, c.surfacesB])).toEqual([['whole', 'whole', [0], [0]]]);
    expect(report.constraints[0]!.params).toEqual({ pairs: 1 });
  });

  it('malformed matchPair or supersede results are PLUGIN_FAILED naming plugin and rule', () => {
    const failure = (f: () => unknown): SurfcdError => {
      try {
        f();
      } catch (e) {
        return e as SurfcdError;
      }
      throw new Error('expected an error');
    };
    const bad = failure(() => recognizeConstraints(assemblyOf([hole, pin]), { plugins: [pairPlugin([7])] }));
    expect(bad.code).toBe('PLUGIN_FAILED');
    expect(bad.message).toMatch(/plugin "pair-example".*rule "whole": matchPair returned a candidate whose "surfacesA" is \[7\]/);
    const drop: SurfcdPlugin = { name: 'drop-example', constraintRules: [{ name: 'drop', match: () => null, supersede: () => [{ id: 99 }] }] };
    const e = failure(() => recognizeConstraints(assemblyOf([hole, pin]), { plugins: [drop] }));
    expect(e.code).toBe('PLUGIN_FAILED');
    expect(e.message).toMatch(/rule "drop": supersede returned \{"id":99\}/);
  });
});
