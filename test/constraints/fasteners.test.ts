/**
 * Fastener roles and threaded joints on the generated samples, against their ground truth
 * (samples/<name>.truth.json, written from the same numbers as the geometry), and the
 * freedom a `threaded` constraint leaves: one screw.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { freedomOf, forceWrench, isSurfcdError, loadAssembly, momentWrench, recognizeConstraints, recognizeFasteners, type Assembly, type Constraint, type FastenerReport, type RuleContext } from '../../src/index.js';
import { threaded } from '../../plugins/constraints-thread/index.js';
import { sample } from '../helpers/shared.js';
import { pathOf } from './groundTruth.js';

type V = [number, number, number];
interface Truth {
  roles: Record<string, { role: string; designation?: string } | null>;
  joints: { fastener: string; mate: string; point: V; axis: V; nominal: number; pitch: number; engagement: number; drawn: string }[];
}

const SAMPLES = ['rig', 'bolt-nut', 'screw-tapped', 'bolt-washer-nut', 'captive-nut', 'clamped-stack', 'press-fit-pins', 'compressed-spring', 'gear-pair-unclocked'];
const truthOf = (name: string): Truth => {
  if (name !== 'rig') return JSON.parse(readFileSync(sample(`${name}.truth.json`), 'utf8')) as Truth;
  // the rig predates truth files: its fastener truth from samples/README.md
  return {
    roles: { plate: null, bolt: { role: 'bolt', designation: 'M10' }, nut: { role: 'nut', designation: 'M10' }, bearing: null, shaft: null, pin: { role: 'pin' } },
    joints: [{ fastener: 'bolt', mate: 'nut', point: [-38, 0, -4], axis: [0, 0, -1], nominal: 10, pitch: 1.5, engagement: 8, drawn: 'nominal' }],
  };
};

describe.each(SAMPLES)('%s: fastener roles and threaded joints against the ground truth', (name) => {
  let assembly: Assembly;
  let found: FastenerReport;
  const truth = truthOf(name);
  beforeAll(async () => {
    assembly = await loadAssembly(sample(`${name}.step`));
    found = recognizeFasteners(assembly);
  });

  it('gives every part its role (and the thread designation of bolts, screws, nuts)', () => {
    const got = Object.fromEntries(Object.keys(truth.roles).map((n) => {
      const r = found.roles[assembly.parts.findIndex((p) => p.path === pathOf(assembly, n))]!;
      return [n, r.role === null ? null : { role: r.role, ...(r.fastener?.designation ? { designation: r.fastener.designation } : {}) }];
    }));
    expect(got).toEqual(truth.roles);
    expect(found.roles.map((r) => r.part)).toEqual(assembly.parts.map((_, i) => i));
    for (const r of found.roles) if (r.role) expect(r.evidence.length, assembly.parts[r.part]!.path).toBeGreaterThan(0);
  });

  it('finds exactly the threaded joints of the truth, with axis, size, engagement and how the bore is drawn', () => {
    const got = found.joints.map((j) => ({
      fastener: assembly.parts[j.fastener]!.name, mate: assembly.parts[j.mate]!.name, point: j.axis.point, axis: j.axis.direction,
      nominal: j.nominal, pitch: j.pitch, engagement: j.engagement, drawn: j.drawn,
    }));
    expect(got.length).toBe(truth.joints.length);
    for (const t of truth.joints) {
      const j = got.find((g) => g.fastener === t.fastener && g.mate === t.mate);
      expect(j, `${t.fastener} in ${t.mate}`).toBeDefined();
      expect({ ...j!, point: j!.point.map((x) => Math.round(x * 1e4) / 1e4), engagement: Math.round(j!.engagement * 1e3) / 1e3 }).toEqual({
        fastener: t.fastener, mate: t.mate, point: t.point.map((x) => Math.round(x * 1e4) / 1e4), axis: t.axis, nominal: t.nominal, pitch: t.pitch, engagement: Math.round(t.engagement * 1e3) / 1e3, drawn: t.drawn,
      });
    }
  });

  it('makes each joint a `threaded` constraint (and no `coaxial` on the same pair) leaving the pair one screw', () => {
    const report = recognizeConstraints(assembly);
    const threads = report.constraints.filter((c) => c.kind === 'threaded');
    expect(threads.length).toBe(truth.joints.length);
    for (const t of truth.joints) {
      const [a, b] = [pathOf(assembly, t.fastener), pathOf(assembly, t.mate)].sort();
      const pair = report.constraints.filter((c) => c.partA === a && c.partB === b);
      expect(pair.map((c) => c.kind).sort()).toEqual(['threaded']);
      expect(pair[0]!.params['engagement']).toBeCloseTo(t.engagement, 3);
      const f = report.freedom.pairs.find((p) => p.partA === a && p.partB === b)!;
      expect(f.dof).toBe(1);
      expect(f.translations).toEqual([]);
      expect(Math.abs(f.rotations[0]!.axis[0] * t.axis[0] + f.rotations[0]!.axis[1] * t.axis[1] + f.rotations[0]!.axis[2] * t.axis[2])).toBeCloseTo(1, 9);
      expect(Math.abs(f.rotations[0]!.pitch)).toBeCloseTo(t.pitch / (2 * Math.PI), 9);
    }
  });
});

describe('the threaded rule', () => {
  const ctx = (scale: number): RuleContext => ({ tolerance: 0.01, clearance: 0.5, clearanceBySize: true, angleTolerance: Math.PI / 180, scale, wrench: { force: forceWrench, moment: momentWrench } });
  const constraint = (pitch: number | null, nominal = 10): Constraint => ({
    id: 0, kind: 'threaded', partA: 'a', partB: 'b', surfacesA: [0], surfacesB: [0], residual: 0, rule: 'threaded', plugin: 'constraints-thread',
    params: { axis: { point: [3, -2, 7], direction: [0, 0.6, 0.8] }, nominal, pitch, engagement: 8, drawn: 'nominal', fastener: 'A' },
  });

  it('leaves one screw about its axis whose lead is the pitch (tested at 10 mm and 2 m assemblies, pitch scaled back as recognizeConstraints does)', () => {
    for (const scale of [10, 2000]) {
      const w = threaded.freedom!(constraint(1.5), ctx(scale));
      const f = freedomOf(w, [0, 0, 0], scale);
      expect(f.dof).toBe(1);
      expect(f.translations).toEqual([]);
      const r = f.rotations[0]!;
      expect(Math.abs(r.axis[1] * 0.6 + r.axis[2] * 0.8)).toBeCloseTo(1, 9);
      // the axis passes through (3, -2, 7)
      const d: V = [r.point[0] - 3, r.point[1] + 2, r.point[2] - 7];
      const along = d[1] * 0.6 + d[2] * 0.8;
      expect(Math.hypot(d[0], d[1] - 0.6 * along, d[2] - 0.8 * along)).toBeLessThan(1e-6);
      expect(r.pitch).not.toBe(0);
    }
  });

  it('an unknown pitch still leaves one screw and says so in its description', () => {
    const c = constraint(null, 10.3);
    expect(freedomOf(threaded.freedom!(c, ctx(100)), [0, 0, 0], 100).dof).toBe(1);
    expect(threaded.describe!(c)).toMatch(/^Ø10\.30 pitch unknown \(no thread table holds the size\)/);
  });
});

describe('recognizeFasteners input checks', () => {
  it('rejects bad options with one line', async () => {
    const assembly = await loadAssembly(sample('bolt-nut.step'));
    const error = (() => {
      try {
        recognizeFasteners(assembly, { tolerance: -1 });
      } catch (e) {
        return e;
      }
      return null;
    })();
    expect(isSurfcdError(error)).toBe(true);
    expect((error as Error).message).toBe('recognizeFasteners: tolerance is -1, expected a finite number ≥ 0');
    expect(() => recognizeFasteners(assembly, { poses: { nope: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] } })).toThrow(/nope/);
  });

  it('moves the joints with the poses (the nut lifted off the bolt is no joint)', async () => {
    const assembly = await loadAssembly(sample('bolt-nut.step'));
    const lifted = recognizeFasteners(assembly, { poses: { nut: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -40, 1] } });
    expect(lifted.joints).toEqual([]);
    const shifted = recognizeFasteners(assembly, { poses: { nut: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -3, 1] } });
    expect(shifted.joints.map((j) => j.engagement)).toEqual([8.4]);
    expect(shifted.joints[0]!.axis.point[2]).toBeCloseTo(-7.2, 6);
  });
});
