/**
 * The generated samples against their ground-truth mates (samples/*.mates.json), at the
 * default and a coarse tessellation, plus the freedom each sample's parts are left with.
 * One file, so the OpenCascade module initialises once for all of them.
 */
import { expect, it } from 'vitest';
import { defaultFitTolerance, surfaceKindOf } from '../../src/index.js';
import { sample } from '../helpers/shared.js';
import { readMates } from './groundTruth.js';
import { expectPartFreedom, sampleSuite } from './sampleSuite.js';


sampleSuite('rig', (get, tessellation) => {
  it('fits every face as a plane or a cylinder, with the default tolerance scaled by the part deflection', () => {
    for (const p of get().assembly.parts) {
      expect(defaultFitTolerance(p)).toBeCloseTo(0.05 * p.deflection!, 12);
      for (const s of p.surfaces) {
        const k = surfaceKindOf(s);
        expect(['plane', 'cylinder'], `${tessellation}: ${p.path} surface ${s.index}`).toContain(k.type);
        expect(k.residual).toBeLessThan(1e-6);
      }
    }
  });

  it('leaves each part the freedom its mates allow (neighbours held fixed)', () => {
    const l = get();
    expectPartFreedom(l, 'plate', 0, [], []);
    expectPartFreedom(l, 'bolt', 1, [], [{ axis: [0, 0, 1], through: [-38, 0, 0] }]);
    expectPartFreedom(l, 'nut', 1, [], [{ axis: [0, 0, 1], through: [-38, 0, 0] }]);
    expectPartFreedom(l, 'bearing', 1, [], [{ axis: [0, 0, 1], through: [0, 0, 0] }]);
    expectPartFreedom(l, 'shaft', 1, [], [{ axis: [0, 0, 1], through: [0, 0, 0] }]);
    // the pin slides along the slot and turns about its own axis
    expectPartFreedom(l, 'pin', 2, [[0, 1, 0]], [{ axis: [0, 0, 1], through: [38, 0, 0] }]);
  });

  it('per part pair: against 3, coaxial 2, coaxial + against 1, against + two tangents 2', () => {
    const l = get();
    const dof = (a: string, b: string): number => l.report.freedom.pairs.find((p) => (p.partA === l.path(a) && p.partB === l.path(b)) || (p.partA === l.path(b) && p.partB === l.path(a)))!.dof;
    expect(dof('plate', 'nut')).toBe(3);
    expect(dof('nut', 'bolt')).toBe(2);
    expect(dof('plate', 'bolt')).toBe(1);
    expect(dof('plate', 'bearing')).toBe(1);
    expect(dof('plate', 'pin')).toBe(2);
  });
});

type V = [number, number, number];
const m = (readMates(sample('rotated-rig.mates.json')) as unknown as { transform: { matrix: number[] } }).transform.matrix;
/** rig.step coordinates → rotated-rig.step (column-major 4×4). */
const point = (p: V): V => [0, 1, 2].map((r) => m[r]! * p[0] + m[4 + r]! * p[1] + m[8 + r]! * p[2] + m[12 + r]!) as V;
const direction = (d: V): V => [0, 1, 2].map((r) => m[r]! * d[0] + m[4 + r]! * d[1] + m[8 + r]! * d[2]) as V;

sampleSuite('rotated-rig', (get) => {
  it('the freedom moves with the assembly', () => {
    const l = get();
    expectPartFreedom(l, 'plate', 0, [], []);
    expectPartFreedom(l, 'bolt', 1, [], [{ axis: direction([0, 0, 1]), through: point([-38, 0, 0]) }]);
    expectPartFreedom(l, 'pin', 2, [direction([0, 1, 0])], [{ axis: direction([0, 0, 1]), through: point([38, 0, 0]) }]);
  });
});

sampleSuite('shaft-bearings', (get) => {
  it('the shaft turns and slides in a bearing; the key locks it; the hub slides on the key', () => {
    const l = get();
    const pair = l.report.freedom.pairs.find((p) => p.partA === l.path('bearing-1') && p.partB === l.path('shaft'))!;
    expect(pair.dof).toBe(2);
    expect(pair.translations).toEqual([[1, 0, 0]]);
    expect(pair.rotations.map((r) => r.axis)).toEqual([[1, 0, 0]]);
    expectPartFreedom(l, 'shaft', 0, [], []);
    expectPartFreedom(l, 'hub', 1, [[1, 0, 0]], []);
    expectPartFreedom(l, 'key', 0, [], []);
    expectPartFreedom(l, 'bearing-1', 1, [], [{ axis: [1, 0, 0], through: [0, 0, 0] }]);
  });
});

sampleSuite('ball-joint', (get) => {
  it('the ball turns about its centre, in any direction', () => {
    const c: [number, number, number] = [20, 10, 5];
    expectPartFreedom(get(), 'ball', 3, [], [
      { axis: [1, 0, 0], through: c },
      { axis: [0, 1, 0], through: c },
      { axis: [0, 0, 1], through: c },
    ]);
  });
});

sampleSuite('cone-seat', (get) => {
  it('the seated valve only turns about the cone axis (contact treated as bilateral)', () => {
    expectPartFreedom(get(), 'valve', 1, [], [{ axis: [0, 0, 1], through: [-7, 12, 3] }]);
  });
});
