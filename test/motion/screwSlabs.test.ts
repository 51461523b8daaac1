import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { identityRigid, type Rigid } from '../../src/math/rigid.js';
import { triangleDistance } from '../../src/math/triangleDistance.js';
import type { Part } from '../../src/model/types.js';
import { ScrewSlabs } from '../../src/motion/screwSlabs.js';
import { poseAt, screwEnvelope, type RigidMotion } from '../../src/motion/rigidMotion.js';
import { sweepParts } from '../../src/motion/sweep.js';
import { blockWithHole, box, cylinder } from './shapes.js';

type Screw = Extract<RigidMotion, { kind: 'screw' }>;
const I = identityRigid();

/** Brute force: the smallest distance between every triangle of surface sa (posed) and of sb. */
function surfaceDistance(a: Part, poseA: Rigid, sa: number, b: Part, sb: number): number {
  const load = (p: Part, pose: Rigid, t: number, out: Float64Array): void => {
    for (let k = 0; k < 3; k++) {
      const v = 3 * p.indices[3 * t + k]!;
      const [x, y, z] = [p.positions[v]!, p.positions[v + 1]!, p.positions[v + 2]!];
      out[3 * k] = pose[0]! * x + pose[1]! * y + pose[2]! * z + pose[3]!;
      out[3 * k + 1] = pose[4]! * x + pose[5]! * y + pose[6]! * z + pose[7]!;
      out[3 * k + 2] = pose[8]! * x + pose[9]! * y + pose[10]! * z + pose[11]!;
    }
  };
  const p = new Float64Array(9), q = new Float64Array(9);
  const A = a.surfaces[sa]!, B = b.surfaces[sb]!;
  let best = Infinity;
  for (let i = A.firstTriangle; i < A.firstTriangle + A.triangleCount; i++) {
    load(a, poseA, i, p);
    for (let j = B.firstTriangle; j < B.firstTriangle + B.triangleCount; j++) {
      load(b, I, j, q);
      best = Math.min(best, triangleDistance(p, q));
    }
  }
  return best;
}

const unit = (v: number[]): [number, number, number] => {
  const n = Math.hypot(...v);
  return [v[0]! / n, v[1]! / n, v[2]! / n];
};

const screwArb = fc.record({
  axis: fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true })).filter((v) => Math.hypot(...v) > 0.2),
  point: fc.tuple(fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true }), fc.double({ min: -5, max: 5, noNaN: true })),
  angle: fc.double({ min: -30, max: 30, noNaN: true }),
  advance: fc.double({ min: -20, max: 20, noNaN: true }),
});

describe('screw symmetry bounds (rings about the axis, sliding axial extents)', () => {
  it('a surface pair said to stay apart for L is never closer than half over [t, t + L] (brute force over sampled poses)', () => {
    fc.assert(
      fc.property(screwArb, fc.double({ min: -12, max: 12, noNaN: true }), fc.double({ min: 0, max: 0.9, noNaN: true }), (s, shift, t) => {
        const motion: Screw = { kind: 'screw', axis: unit(s.axis), point: s.point, angle: s.angle, advance: s.advance };
        const moving = box('moving', [-2, -1, -1], [2, 1, 1]);
        const still = box('still', [shift - 1.5, 2, -3], [shift + 1.5, 4, 3]);
        const slabs = new ScrewSlabs(moving, I, still, I, motion);
        for (let sa = 0; sa < 6; sa++) {
          for (let sb = 0; sb < 6; sb++) {
            const left = slabs.apartFor(sa, sb, t, 0.2, 0.1);
            if (left === null) continue;
            const until = Math.min(1, t + left);
            for (let k = 0; k <= 8; k++) {
              const at = t + ((until - t) * k) / 8;
              expect(surfaceDistance(moving, poseAt(motion, at, I), sa, still, sb)).toBeGreaterThanOrEqual(0.1 - 1e-9);
            }
          }
        }
      }),
      { numRuns: 40 },
    );
  });

  it('a pin turning in a clearance hole: every surface pair is kept apart for good, and the sweep is free in one step', () => {
    const pin = cylinder('pin', 5, -10, 10, 24);
    const plate = blockWithHole('plate', 20, 5.5, -2, 0, 24);
    const motion: Screw = { kind: 'screw', axis: [0, 0, 1], point: [0, 0, 0], angle: 40 * Math.PI, advance: 0 };
    const slabs = new ScrewSlabs(pin, I, plate, I, motion);
    // The pin's side against the hole's bore: rings [r·cos(π/24), 5] and [5.5·cos(π/24), 5.5] are apart.
    expect(slabs.apartFor(0, 0, 0, 0.01, 0.005)).toBe(Infinity);
    expect(slabs.never(0, 0)).toBe(true);
    const r = sweepParts({ parts: [pin, plate], poses: [I, I] }, [0], motion, { clearance: false });
    expect(r.status).toBe('free');
    expect(r.iterations).toBeLessThanOrEqual(2);
  });

  it('a pin in a bore 0.2 mm too small: its side crosses the rim face\'s ring, so that pair is left to the distance query', () => {
    const pin = cylinder('pin', 5, -10, 10, 24);
    const plate = blockWithHole('plate', 20, 4.8, -2, 0, 24);
    const slabs = new ScrewSlabs(pin, I, plate, I, { kind: 'screw', axis: [0, 0, 1], point: [0, 0, 0], angle: Math.PI / 2, advance: 0 });
    const side = 0, bore = 0, rim = 1;
    expect(slabs.apartFor(side, rim, 0, 0.01, 0.005)).toBeNull();
    expect(slabs.never(side, rim)).toBe(false);
    // The bore itself lies inside the pin's ring (4.8 < 5·cos(π/24)): apart, the pin cuts the rim faces instead.
    expect(slabs.apartFor(side, bore, 0, 0.01, 0.005)).toBe(Infinity);
  });

  it('axial extents: a head rising from its seat parts for good; one driven toward a plate gets exactly the time to close the gap', () => {
    const head = box('head', [-3, -3, 1], [3, 3, 4]);
    const plate = box('plate', [-10, -10, -2], [10, 10, 0]);
    const up: Screw = { kind: 'screw', axis: [0, 0, 1], point: [0, 0, 0], angle: 10 * Math.PI, advance: 5 };
    const down: Screw = { ...up, advance: -5 };
    const headBottom = 4, plateTop = 5;
    expect(new ScrewSlabs(head, I, plate, I, up).apartFor(headBottom, plateTop, 0, 0.01, 0.005)).toBe(Infinity);
    // 1 mm apart, closing at 5 mm per unit t: (1 − 0.005) / 5 (up to the rate's 1e-9 rounding guard).
    expect(new ScrewSlabs(head, I, plate, I, down).apartFor(headBottom, plateTop, 0, 0.01, 0.005)).toBeCloseTo(0.995 / 5, 6);
  });

  it('the screw envelope holds every vertex at every sampled fraction', () => {
    fc.assert(
      fc.property(screwArb, (s) => {
        const motion: Screw = { kind: 'screw', axis: unit(s.axis), point: s.point, angle: s.angle, advance: s.advance };
        const part = box('b', [-2, -1, 3], [2, 1, 5]);
        const env = screwEnvelope(motion, [part], [I])!;
        let outside = 0;
        for (let k = 0; k <= 16; k++) {
          const pose = poseAt(motion, k / 16, I);
          for (let v = 0; v < part.positions.length; v += 3) {
            const [x, y, z] = [part.positions[v]!, part.positions[v + 1]!, part.positions[v + 2]!];
            const w = [pose[0]! * x + pose[1]! * y + pose[2]! * z + pose[3]!, pose[4]! * x + pose[5]! * y + pose[6]! * z + pose[7]!, pose[8]! * x + pose[9]! * y + pose[10]! * z + pose[11]!];
            for (let c = 0; c < 3; c++) if (w[c]! < env[c]! - 1e-9 || w[c]! > env[c + 3]! + 1e-9) outside++;
          }
        }
        expect(outside).toBe(0);
      }),
      { numRuns: 30 },
    );
  });

  it('a part with no vertices has no envelope', () => {
    const empty = box('e', [0, 0, 0], [1, 1, 1]);
    const none = { ...empty, positions: new Float64Array(0) } as Part;
    expect(screwEnvelope({ kind: 'screw', axis: [0, 0, 1], point: [0, 0, 0], angle: 1, advance: 0 }, [none], [I])).toBeNull();
  });
});
