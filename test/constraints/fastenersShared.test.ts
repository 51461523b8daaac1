/**
 * Fastener roles and threaded joints on the real STEP files in ../shared/data/step/. The
 * counts were checked by reading the geometry: as1 and dm1 draw their M10 nuts as 15 × 20
 * blocks with a Ø10 bore (at the shank's diameter) on Ø15 round-head bolts; as1's Ø10 × 200
 * rod carries two such nuts (a stud). The Fusion 360 gripper has ISO 4762 M2/M3 socket head
 * screws, two ISO 7045 M2 pan head screws of the servo, hex nuts and nylon-insert lock nuts
 * (hex 5.5 AF, 4 thick; "M3 Locknut#1"…, the odd bodies of each lock nut part: the even ones are its nylon rings) with Ø3 bores, 32 M3 washers Ø3.2/Ø7 × 0.6
 * and six Ø1 × 3 pins; every nut bore is drawn at the nominal diameter; the two servo screws
 * go into the horn hubs' Ø1.6 bores (the M2 tap drill). The four M3x16 screws have no nut: they
 * pass a Ø2.9 hole of each of the two "Laserteil 1" plates (0.05 mm radial interference) and
 * hold in the one at their tip (a thread-forming screw's hole).
 */
import { beforeAll, expect, it } from 'vitest';
import { loadAssembly, recognizeFasteners, type Assembly, type FastenerReport } from '../../src/index.js';
import { simulate } from '../../src/simulate/simulate.js';
import { describeShared, sharedStep } from '../helpers/shared.js';

function counts(report: FastenerReport): Record<string, number> {
  const out: Record<string, number> = {};
  for (const r of report.roles) if (r.role) out[r.role] = (out[r.role] ?? 0) + 1;
  return out;
}

const named = (assembly: Assembly, report: FastenerReport, test: RegExp): FastenerReport['roles'] => report.roles.filter((r) => test.test(assembly.parts[r.part]!.path));

describeShared('fasteners on as1-oc-214 and dm1-id-214', () => {
  let as1: Assembly, dm1: Assembly;
  let a: FastenerReport, d: FastenerReport;
  beforeAll(async () => {
    [as1, dm1] = await Promise.all([loadAssembly(sharedStep('as1-oc-214.stp')), loadAssembly(sharedStep('dm1-id-214.stp'))]);
    [a, d] = [recognizeFasteners(as1), recognizeFasteners(dm1)];
  });

  it('as1: 6 bolts, 8 nuts, the rod a stud; each bolt threaded into its own nut, the rod into both of its nuts', () => {
    expect(counts(a)).toEqual({ bolt: 6, nut: 8, stud: 1 });
    expect(named(as1, a, /bolt#\d$/).every((r) => r.role === 'bolt' && r.fastener?.designation === 'M10')).toBe(true);
    const joints = a.joints.map((j) => `${as1.parts[j.fastener]!.path} > ${as1.parts[j.mate]!.path}`).sort();
    expect(joints).toEqual([
      ...[1, 2].flatMap((k) => [1, 2, 3].map((i) => `as1/l-bracket-assembly#${k}/bolt#${i} > as1/l-bracket-assembly#${k}/nut#${i}`)),
      'as1/rod-assembly/rod > as1/rod-assembly/nut#1',
      'as1/rod-assembly/rod > as1/rod-assembly/nut#2',
    ].sort());
    expect(a.joints.every((j) => j.drawn === 'nominal' && j.pitch === 1.5 && Math.abs(j.engagement - 3) < 1e-3)).toBe(true);
    const rod = a.roles.find((r) => as1.parts[r.part]!.path === 'as1/rod-assembly/rod')!;
    expect(rod.evidence).toContain('a headless rod threaded into a nut or a tapped hole is a stud');
  });

  it('dm1: 3 bolts, 3 nuts, 3 joints (the bracket holes are equal bores too, but the nuts hold the threads)', () => {
    expect(counts(d)).toEqual({ bolt: 3, nut: 3 });
    expect(d.joints).toHaveLength(3);
    expect(d.joints.every((j) => /nut#\d$/.test(dm1.parts[j.mate]!.path))).toBe(true);
  });
});

describeShared('fasteners on io1-cm-214', () => {
  it('a single moulded part: no roles, no joints', async () => {
    const io1 = await loadAssembly(sharedStep('io1-cm-214.stp'));
    const report = recognizeFasteners(io1);
    expect(counts(report)).toEqual({});
    expect(report.joints).toEqual([]);
  });
});

describeShared('fasteners on the Fusion 360 gripper', () => {
  let gripper: Assembly;
  let report: FastenerReport;
  beforeAll(async () => {
    gripper = await loadAssembly(sharedStep('gripper-fusion360.step'));
    report = recognizeFasteners(gripper);
  }, 240_000);

  it('finds 28 screws, 34 nuts (10 plain, 12 lock nuts and their 12 nylon rings), 32 washers and 6 pins', () => {
    expect(counts(report)).toEqual({ screw: 28, nut: 34, washer: 32, pin: 6 });
    expect(named(gripper, report, /\/M3x\d+#\d+$/).every((r) => r.role === 'screw' && r.fastener?.designation === 'M3' && r.evidence.some((e) => /^hex socket 2\.5$/.test(e)))).toBe(true);
    expect(named(gripper, report, /M2 x 4/).map((r) => r.role)).toEqual(['screw', 'screw']);
    expect(named(gripper, report, /Washer#\d+$/).every((r) => r.role === 'washer' && r.evidence[0] === 'flat ring Ø3.2/Ø7 × 0.6')).toBe(true);
    const lockNuts = named(gripper, report, /M3 Locknut#(1|3|5|7|9|11|13|15|17|19|21|23)$/);
    expect(lockNuts.map((r) => r.role)).toEqual(new Array(12).fill('nut'));
    // each lock nut's nylon insert: a ring with a rounded rim, its bore under the M3 minor diameter
    const rings = named(gripper, report, /M3 Locknut#(2|4|6|8|10|12|14|16|18|20|22|24)$/);
    expect(rings.map((r) => [r.role, r.fastener?.designation, r.evidence[0]])).toEqual(new Array(12).fill(['nut', 'M3', 'round ring Ø2.35/Ø5.45 × 0.64, rounded rim with a through bore']));
  });

  it('threads every M3x20 into a lock nut and its nylon ring, every M3x10/x12 into an M3 nut, every M2x10 into an M2 nut (at nominal), the servo screws into the horn hubs (Ø1.6: at minor), the M3x16 into the plate at their tip', () => {
    expect(report.joints).toHaveLength(40);
    for (const j of report.joints) {
      const screw = gripper.parts[j.fastener]!.path, nut = gripper.parts[j.mate]!.path;
      if (/M3 Locknut#\d*[02468]$/.test(nut)) {
        // the lock ring on the same M3x20 as its nut, its thread formed in the nylon
        expect([screw.replace(/^.*\/|#\d+$/g, ''), j.drawn, j.pitch]).toEqual(['M3x20', 'minor', 0.5]);
        continue;
      }
      if (/M2 x 4/.test(screw)) {
        // the ISO 7045 pan head screw in the servo horn's Ø1.6 hub bore (M2 minor diameter 1.57, tap drill 1.6)
        expect(nut, screw).toMatch(/Pro\.1_Peça#(13|26)$/);
        expect([j.drawn, j.pitch]).toEqual(['minor', 0.4]);
        continue;
      }
      if (/M3x16/.test(screw)) {
        expect([nut.replace(/^.*\//, ''), j.drawn, j.engagement]).toEqual(['Laserteil 1#1', 'minor', 4]);
        continue;
      }
      expect(j.drawn).toBe('nominal');
      if (/M3x20/.test(screw)) expect(nut, screw).toMatch(/M3 Locknut#\d+$/);
      else if (/M3x1[02]/.test(screw)) expect(nut, screw).toMatch(/M3 Nut#\d$/);
      else expect(`${screw} > ${nut}`).toMatch(/M2x10#\d > .*M2 Nut#\d$/);
      expect(j.pitch).toBe(/M2x/.test(screw) ? 0.4 : 0.5);
    }
  });
  // In this file, not its own, so the 144-part gripper is imported once for both.
  it('a shank drawn a few hundredths into its slots slides out of them: M3x20#10, its lock nut off, backs out through three slotted plates', () => {
    // The surface verdict calls the start contact and the tessellation reads interference
    // further along; the solids' overlap never deepens, so the screw is free, as removal says.
    const at = (name: string): number => gripper.parts.findIndex((p) => p.path === `Gripper v1/Gripper/${name}`);
    const removed = [at('M3 Locknut#21'), at('M3 Locknut#22')];
    expect(removed.every((i) => i >= 0)).toBe(true);
    const screw = 'Gripper v1/Gripper/M3x20#10';
    const run = simulate(gripper, { schema: 'surfcd/motion@1', steps: [{ id: 'out', move: [screw], translate: { along: { normalOf: 'Gripper v1/Gripper/Laserteil 7#1' }, distance: 30 }, expect: 'free' }] }, { removed });
    const step = run.steps[0]!;
    expect(step.status, `${step.message ?? ''} ${JSON.stringify(step.blocking[0] ?? null)}`).toBe('free');
    expect(step.direction?.[1]).toBeCloseTo(1, 9);
  });
});
