import { beforeAll, expect, it } from 'vitest';
import { loadAssembly, recognizeConstraints, registeredPlugins, type Assembly, type ConstraintReport } from '../../src/index.js';
import { constraintsTable } from '../../src/report/constraintsReport.js';
import { describeShared, sharedStep } from '../helpers/shared.js';

/** Table rows for part A, part B and kind (either order of the parts). */
const rows = (table: string, a: string, b: string, kind: string): string[] => {
  const esc = (s: string): string => s.replace(/[#/]/g, '\\$&');
  return table.split('\n').filter((l) => new RegExp(`^(${esc(a)}\\s+${esc(b)}|${esc(b)}\\s+${esc(a)})\\s+${kind}\\s`).test(l));
};

describeShared('as1-oc-214: recognised constraints', () => {
  let as1: Assembly;
  let report: ConstraintReport;
  let table: string;
  beforeAll(async () => {
    as1 = await loadAssembly(sharedStep('as1-oc-214.stp'));
    report = recognizeConstraints(as1);
    table = constraintsTable(as1, report, registeredPlugins());
  });

  it('each bolt is coaxial with its plate hole and its bracket hole, seated on the bracket; each nut is threaded on its bolt (bore drawn at nominal) and against the plate', () => {
    for (const k of [1, 2]) {
      const sub = `as1/l-bracket-assembly#${k}`;
      for (const i of [1, 2, 3]) {
        const bolt = `${sub}/bolt#${i}`;
        expect(rows(table, bolt, 'as1/plate', 'coaxial'), `${bolt} in the plate hole`).toHaveLength(1);
        expect(rows(table, bolt, 'as1/plate', 'coaxial')[0]).toMatch(/Ø10\.00\/Ø10\.00  fit/);
        expect(rows(table, bolt, `${sub}/l-bracket`, 'coaxial'), `${bolt} in the bracket hole`).toHaveLength(1);
        expect(rows(table, bolt, `${sub}/l-bracket`, 'against'), `${bolt} head on the bracket`).toHaveLength(1);
        expect(rows(table, bolt, `${sub}/l-bracket`, 'insert')).toHaveLength(1);
        expect(rows(table, bolt, `${sub}/nut#${i}`, 'threaded'), `${sub}/nut#${i} on ${bolt}`).toHaveLength(1);
        expect(rows(table, bolt, `${sub}/nut#${i}`, 'threaded')[0]).toMatch(/M10 pitch 1\.5  bore drawn at nominal  engagement 3\.00/);
        expect(rows(table, bolt, `${sub}/nut#${i}`, 'coaxial')).toHaveLength(0);
        expect(rows(table, `${sub}/nut#${i}`, 'as1/plate', 'against'), `${sub}/nut#${i} against the plate`).toHaveLength(1);
      }
      expect(rows(table, `${sub}/l-bracket`, 'as1/plate', 'against'), `bracket ${k} on the plate`).toHaveLength(1);
      expect(rows(table, 'as1/rod-assembly/rod', `${sub}/l-bracket`, 'coaxial'), `rod in bracket ${k}`).toHaveLength(1);
    }
  });

  it('nothing else: 44 constraints, no coaxial fit claimed where equal bores only meet at an edge; the equal plate and bracket holes stay clearance (coaxial) since the nut holds the thread', () => {
    const byKind: Record<string, number> = {};
    for (const c of report.constraints) byKind[c.kind] = (byKind[c.kind] ?? 0) + 1;
    // 6 bolts × (plate, bracket) coaxial + rod × 2 brackets; 6 bolts + the rod × 2 nuts threaded; 6 bolt heads + 6 nuts + 2 brackets + 2 rod nuts against
    expect(byKind).toEqual({ coaxial: 14, threaded: 8, against: 16, insert: 6 });
    const pairs = new Set(report.constraints.map((c) => `${c.partA}|${c.partB}`));
    expect(pairs.has('as1/l-bracket-assembly#1/nut#1|as1/plate')).toBe(true);
    expect(report.constraints.some((c) => c.kind === 'coaxial' && /nut#\d$/.test(c.partA) && c.partB === 'as1/plate')).toBe(false);
  });

  it('the plate and brackets are held; each bolt is clamped by its nut (bilateral mates: 0 DOF); the rod only screws through its nuts', () => {
    const dof = (path: string): number => report.freedom.parts.find((p) => p.part === path)!.dof;
    expect(dof('as1/plate')).toBe(0);
    expect(dof('as1/l-bracket-assembly#1/l-bracket')).toBe(0);
    // head on the bracket, nut on the plate: the turn the bracket allows the bolt is not the nut's screw
    expect(dof('as1/l-bracket-assembly#2/bolt#3')).toBe(0);
    expect(dof('as1/l-bracket-assembly#1/nut#1')).toBe(0);
    const rod = report.freedom.parts.find((p) => p.part === 'as1/rod-assembly/rod')!;
    expect(rod.dof).toBe(1);
    expect(rod.translations).toEqual([]);
    expect(Math.abs(rod.rotations[0]!.axis[0])).toBeCloseTo(1, 6);
    // M10 coarse: 1.5 mm a turn
    expect(Math.abs(rod.rotations[0]!.pitch)).toBeCloseTo(1.5 / (2 * Math.PI), 6);
  });
});

describeShared('dm1-id-214: recognised constraints', () => {
  let report: ConstraintReport;
  beforeAll(async () => {
    report = recognizeConstraints(await loadAssembly(sharedStep('dm1-id-214.stp')));
  });

  it('each bolt is inserted in the bracket (coaxial + head against) and carries its nut on an M10 thread', () => {
    for (const i of [1, 2, 3]) {
      const bolt = `dm1/bolt#${i}`;
      const kinds = report.constraints.filter((c) => c.partA === bolt && c.partB === 'dm1/l-bracket').map((c) => c.kind);
      expect(kinds.sort()).toEqual(['against', 'coaxial', 'insert']);
      expect(report.constraints.filter((c) => c.partA === bolt && /^dm1\/nut#\d$/.test(c.partB)).map((c) => c.kind)).toEqual(['threaded']);
    }
    expect(report.constraints).toHaveLength(12);
  });
});
