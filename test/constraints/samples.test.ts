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
    // the nut is on the M10 thread and against the plate, the head on the plate top: clamped (mates are bilateral)
    expectPartFreedom(l, 'bolt', 0, [], []);
    expectPartFreedom(l, 'nut', 0, [], []);
    expectPartFreedom(l, 'bearing', 1, [], [{ axis: [0, 0, 1], through: [0, 0, 0] }]);
    expectPartFreedom(l, 'shaft', 1, [], [{ axis: [0, 0, 1], through: [0, 0, 0] }]);
    // the pin slides along the slot and turns about its own axis
    expectPartFreedom(l, 'pin', 2, [[0, 1, 0]], [{ axis: [0, 0, 1], through: [38, 0, 0] }]);
  });

  it('per part pair: against 3, threaded 1 (the screw), coaxial + against 1, against + two tangents 2', () => {
    const l = get();
    const dof = (a: string, b: string): number => l.report.freedom.pairs.find((p) => (p.partA === l.path(a) && p.partB === l.path(b)) || (p.partA === l.path(b) && p.partB === l.path(a)))!.dof;
    expect(dof('plate', 'nut')).toBe(3);
    expect(dof('nut', 'bolt')).toBe(1);
    const screw = l.report.freedom.pairs.find((p) => [p.partA, p.partB].sort().join() === [l.path('nut'), l.path('bolt')].sort().join())!.rotations[0]!;
    expect(Math.abs(screw.axis[2])).toBeCloseTo(1, 9);
    expect(Math.abs(screw.pitch)).toBeCloseTo(1.5 / (2 * Math.PI), 9); // M10: 1.5 mm a turn
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
    expectPartFreedom(l, 'bolt', 0, [], []);
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

sampleSuite('clearance-holes', (get) => {
  it('each bolt keeps only its spin, whatever the hole series', () => {
    for (const size of ['m3-fine', 'm4-medium', 'm6-coarse', 'm10-medium', 'm20-medium', 'm24-coarse']) {
      expectPartFreedom(get(), `bolt-${size}`, 1, [], [{ axis: [0, 0, 1] }]);
    }
  });
});

sampleSuite('prismatic-bores', (get) => {
  it('each hub only slides along its shaft: the profile locks the rotation', () => {
    for (const [hub, x] of [['hex-hub', 0], ['square-hub', 60], ['dd-hub', 120], ['spline-hub', 190]] as const) {
      expectPartFreedom(get(), hub, 1, [[0, 0, 1]], []);
      const c = get().report.constraints.find((k) => k.partA === get().path(hub))!;
      expect(c.surfacesA.length, `${hub}: the bore's faces are all in its one constraint`).toBeGreaterThanOrEqual(2);
      expect((c.params['point'] as number[])[0]).toBeCloseTo(x, 6);
    }
  });
});

sampleSuite('filleted-lid', (get) => {
  it('the fillets join the against: the lid slides and turns on the rim, nothing else', () => {
    const l = get();
    expectPartFreedom(l, 'lid', 3, [[1, 0, 0], [0, 1, 0]], [{ axis: [0, 0, 1] }]);
    const [c] = l.report.constraints;
    // the rim, the lid's bottom, and the fillets of both that touch the rim's plane
    expect(c!.surfacesA.length).toBeGreaterThan(1);
    expect(c!.surfacesB.length).toBeGreaterThan(1);
  });
});

for (const name of ['gear-pair', 'gear-pair-unclocked']) {
  sampleSuite(name, (get) => {
    it('each gear turns on its pin; with the other gear held it is locked (the mesh couples them)', () => {
      const l = get();
      const pair = l.report.freedom.pairs.find((p) => p.partA === l.path('gear-a') && p.partB === l.path('gear-b'))!;
      expect(pair.dof).toBe(5);
      expectPartFreedom(l, 'gear-a', 0, [], []);
      expectPartFreedom(l, 'gear-b', 0, [], []);
      const spin = l.report.freedom.pairs.find((p) => p.partA === l.path('gear-a') && p.partB === l.path('plate'))!;
      expect(spin.dof).toBe(1);
    });
  });
}
