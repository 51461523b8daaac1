import { beforeAll, expect, it } from 'vitest';
import { findContacts, loadAssembly, type Assembly, type ContactReport } from '../../src/index.js';
import { describeShared, sharedStep } from '../helpers/shared.js';
import { mulberry32, randomPose } from '../helpers/soup.js';
import { expectSameAsOracle } from '../helpers/oracle.js';
import { aabbsOverlap, growAabb, transformAabb } from '../../src/math/aabb.js';
import { toRigid } from '../../src/math/rigid.js';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];

describeShared('as1-oc-214: the assembled state', () => {
  let as1: Assembly;
  let report: ContactReport;
  beforeAll(async () => {
    as1 = await loadAssembly(sharedStep('as1-oc-214.stp'));
    report = findContacts(as1);
  });
  const touches = (a: string, b: string): boolean =>
    report.pairs.some((p) => (p.partA === a && p.partB === b) || (p.partA === b && p.partB === a));

  it('finds each nut against the plate, each bolt in its holes, both brackets on the plate', () => {
    for (const k of [1, 2]) {
      const sub = `as1/l-bracket-assembly#${k}`;
      expect(touches(`${sub}/l-bracket`, 'as1/plate'), `${sub} bracket on plate`).toBe(true);
      for (const i of [1, 2, 3]) {
        expect(touches(`${sub}/nut#${i}`, 'as1/plate'), `${sub}/nut#${i} against plate`).toBe(true);
        expect(touches(`${sub}/bolt#${i}`, 'as1/plate'), `${sub}/bolt#${i} in plate hole`).toBe(true);
        expect(touches(`${sub}/bolt#${i}`, `${sub}/l-bracket`), `${sub}/bolt#${i} in bracket hole`).toBe(true);
      }
    }
  });

  it('finds the rod in both brackets', () => {
    for (const k of [1, 2]) expect(touches('as1/rod-assembly/rod', `as1/l-bracket-assembly#${k}/l-bracket`)).toBe(true);
  });

  it('reports 368 touching-or-crossing surface pairs at rest, of which the crossings are coaxial cylinders', () => {
    expect(report.contacts.length).toBe(368);
    const crossing = report.contacts.filter((c) => c.relation === 'intersecting').length;
    expect(crossing).toBeGreaterThan(0);
    expect(crossing).toBeLessThan(200);
  });

  it('every narrow phase equals the oracle for a bolt sliding in its bracket hole (near-parallel cylinder facets)', () => {
    // Regression: OBBTree boxes stored in single precision, taken as exactly orthonormal,
    // once separated touching leaves here (a bolt facet and a hole facet, edges ~parallel).
    const bolt = as1.parts.find((p) => p.path === 'as1/l-bracket-assembly#1/bolt#2')!;
    const bracket = as1.parts.find((p) => p.path === 'as1/l-bracket-assembly#1/l-bracket')!;
    const lifted = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, (85 * 11) / 29, 1];
    expectSameAsOracle(bolt, lifted, bracket, IDENTITY, 0);
  });

  it('collide equals the brute-force oracle on every part pair (identity and a perturbed pose)', () => {
    const rnd = mulberry32(2026);
    const poses = as1.parts.map((_, i) => (i % 3 === 0 ? randomPose(rnd, 2) : IDENTITY));
    let compared = 0;
    for (let i = 0; i < as1.parts.length; i++) {
      for (let j = i + 1; j < as1.parts.length; j++) {
        const a = as1.parts[i]!, b = as1.parts[j]!;
        for (const tolerance of [0, 0.5]) {
          // Far-apart pairs cannot touch; the oracle on them would only burn time.
          const boxA = growAabb(transformAabb(a.bounds, toRigid(poses[i])), tolerance + 1e-6);
          const boxB = transformAabb(b.bounds, toRigid(poses[j]));
          if (!aabbsOverlap(boxA, boxB)) continue;
          expectSameAsOracle(a, poses[i]!, b, poses[j]!, tolerance);
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(30);
  }, 240_000);
});
