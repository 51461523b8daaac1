import { beforeAll, describe, expect, it } from 'vitest';
import { findContacts, loadAssembly, type Assembly } from '../../src/index.js';
import { crossingDepth, trianglesCross } from '../../src/math/triangleCross.js';
import { describeShared, sample, sharedStep } from '../helpers/shared.js';

const translate = (x: number, y: number, z: number): number[] => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
const tri = (...v: number[]): Float64Array => Float64Array.from(v);

describe('trianglesCross and crossingDepth', () => {
  it('a triangle pierced through its interior crosses', () => {
    const p = tri(0, 0, 0, 4, 0, 0, 0, 4, 0);
    const q = tri(1, 1, -1, 1, 1, 1, 2, 0.5, 1);
    expect(trianglesCross(p, q)).toBe(true);
  });
  it('coplanar overlap, an edge on a face, and boundary-only meetings only touch', () => {
    const p = tri(0, 0, 0, 4, 0, 0, 0, 4, 0);
    expect(trianglesCross(p, tri(1, 1, 0, 3, 1, 0, 1, 3, 0))).toBe(false); // coplanar
    expect(trianglesCross(p, tri(1, 1, 0, 2, 1, 0, 1, 1, 3))).toBe(false); // edge lying on the face
    expect(trianglesCross(p, tri(1, 1, 0, 1, 1, 2, 2, 2, 2))).toBe(false); // vertex resting on the face
    // Two faces that straddle each other's planes but meet only along the line z = 0
    // where both end: a wall standing on a floor seam.
    const floor = tri(-2, -2, 0, 2, -2, 0, 0, 2, -4);
    const wall = tri(-2, 0, 0, 2, 0, 0, 0, -1, 3);
    expect(trianglesCross(floor, wall)).toBe(false);
  });
  it('degenerate triangles never cross', () => {
    expect(trianglesCross(tri(0, 0, 0, 4, 0, 0, 0, 4, 0), tri(1, 1, -1, 1, 1, 1, 1, 1, 0))).toBe(false);
  });
  it('depth is how far the smaller way out goes, measured only over the other triangle', () => {
    // Face of A at z = 0 with outward normal +z (material below); B's face dips 0.3 below it.
    const a = tri(0, 0, 0, 10, 0, 0, 0, 10, 0);
    const b = tri(1, 1, -0.3, 1, 1, 5, 3, 1, 5);
    expect(trianglesCross(a, b)).toBe(true);
    expect(crossingDepth(a, b)).toBeCloseTo(0.3, 12);
  });
});

describe('contact or interference: the generated rig', () => {
  let rig: Assembly;
  beforeAll(async () => {
    rig = await loadAssembly(sample('rig.step'));
  });

  it('at rest nothing interferes, though coaxial cylinders cross by their chordal error', () => {
    const report = findContacts(rig);
    expect(report.contacts.some((c) => c.relation === 'intersecting')).toBe(true);
    expect(report.contacts.filter((c) => c.verdict === 'interference')).toEqual([]);
  });

  it('the nut pushed 0.5 mm up into the plate interferes with the plate, and with nothing else', () => {
    const report = findContacts(rig, { poses: { nut: translate(0, 0, 0.5) } });
    const interfering = new Set(report.contacts.filter((c) => c.verdict === 'interference').map((c) => `${c.partA}|${c.partB}`));
    expect([...interfering]).toEqual(['nut|plate']);
    const deepest = Math.max(...report.contacts.filter((c) => c.verdict === 'interference').map((c) => c.depth));
    expect(deepest).toBeGreaterThan(0.45);
    expect(deepest).toBeLessThan(0.55);
  });

  it('the pin pushed 0.5 mm sideways into a slot flank interferes with the plate only', () => {
    const report = findContacts(rig, { poses: { pin: translate(0.5, 0, 0) } });
    const interfering = new Set(report.contacts.filter((c) => c.verdict === 'interference').map((c) => `${c.partA}|${c.partB}`));
    expect([...interfering]).toEqual(['pin|plate']);
  });
});

describe('contact or interference: the other samples at rest', () => {
  for (const name of ['shaft-bearings', 'ball-joint', 'cone-seat', 'rotated-rig']) {
    it(`${name} has no interference`, async () => {
      const assembly = await loadAssembly(sample(`${name}.step`));
      expect(findContacts(assembly).contacts.filter((c) => c.verdict === 'interference')).toEqual([]);
    });
  }
});

describeShared('contact or interference: as1-oc-214', () => {
  let as1: Assembly;
  beforeAll(async () => {
    as1 = await loadAssembly(sharedStep('as1-oc-214.stp'));
  });
  it('at rest: 220 touching and 148 crossing surface pairs, and zero interferences', () => {
    const report = findContacts(as1);
    expect(report.contacts.filter((c) => c.relation === 'touching')).toHaveLength(220);
    expect(report.contacts.filter((c) => c.relation === 'intersecting')).toHaveLength(148);
    expect(report.contacts.filter((c) => c.verdict === 'interference')).toEqual([]);
  });
  it('a nut pushed 0.5 mm into the plate is the one interfering pair', () => {
    const nut = as1.parts.find((p) => p.path === 'as1/l-bracket-assembly#1/nut#1')!;
    const plate = as1.parts.find((p) => p.path === 'as1/plate')!;
    // Push along the line from the nut's centre toward the plate's nearest face.
    const nutCentre = [0, 1, 2].map((k) => (nut.bounds[k]! + nut.bounds[k + 3]!) / 2);
    const plateCentre = [0, 1, 2].map((k) => (plate.bounds[k]! + plate.bounds[k + 3]!) / 2);
    const axis = [0, 1, 2].reduce((best, k) => (Math.abs(plateCentre[k]! - nutCentre[k]!) > Math.abs(plateCentre[best]! - nutCentre[best]!) ? k : best), 0);
    const push = [0, 0, 0];
    // The nut sits against the plate along the axis where their boxes just touch.
    const gapAxis = [0, 1, 2].find((k) => Math.abs(nut.bounds[k + 3]! - plate.bounds[k]!) < 1e-6 || Math.abs(nut.bounds[k]! - plate.bounds[k + 3]!) < 1e-6) ?? axis;
    push[gapAxis] = Math.abs(nut.bounds[gapAxis + 3]! - plate.bounds[gapAxis]!) < 1e-6 ? 0.5 : -0.5;
    const report = findContacts(as1, { poses: { [nut.path]: translate(push[0]!, push[1]!, push[2]!) } });
    const interfering = new Set(report.contacts.filter((c) => c.verdict === 'interference').map((c) => `${c.partA}|${c.partB}`));
    expect([...interfering]).toEqual([`${nut.path}|${plate.path}`].map((k) => k.split('|').sort().join('|')));
  });
});
