/**
 * as1-oc-214 against the verdict: pushes are reported at their depth and direction, and
 * a coarse tessellation (the bolts' facets crossing their holes by far more than the old
 * assumed sag) still has no interference at rest.
 */
import { beforeAll, expect, it } from 'vitest';
import { findContacts, loadAssembly, type Assembly } from '../../src/index.js';
import { describeShared, sharedStep } from '../helpers/shared.js';

const translate = (x: number, y: number, z: number): number[] => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];

describeShared('as1-oc-214: verdict and depth', () => {
  let as1: Assembly;
  beforeAll(async () => {
    as1 = await loadAssembly(sharedStep('as1-oc-214.stp'));
  });

  it('a nut pushed 0.5 mm into the plate: one interfering part pair, depth 0.5 mm, pushed back along the push', () => {
    const nut = as1.parts.find((p) => p.path === 'as1/l-bracket-assembly#1/nut#1')!;
    const plate = as1.parts.find((p) => p.path === 'as1/plate')!;
    // the axis along which the nut's box just touches the plate's
    const axis = [0, 1, 2].find((k) => Math.abs(nut.bounds[k + 3]! - plate.bounds[k]!) < 1e-6 || Math.abs(nut.bounds[k]! - plate.bounds[k + 3]!) < 1e-6)!;
    const sign = Math.abs(nut.bounds[axis + 3]! - plate.bounds[axis]!) < 1e-6 ? 1 : -1;
    const push = [0, 0, 0];
    push[axis] = 0.5 * sign;
    const report = findContacts(as1, { poses: { [nut.path]: translate(push[0]!, push[1]!, push[2]!) } });
    const interfering = report.pairs.filter((p) => p.verdict === 'interference');
    expect(interfering).toHaveLength(1);
    expect([interfering[0]!.partA, interfering[0]!.partB].sort()).toEqual([nut.path, plate.path].sort());
    expect(interfering[0]!.kind).toBe('interference');
    expect(Math.abs(interfering[0]!.depth - 0.5)).toBeLessThan(1e-3);
    const d = interfering[0]!.direction!;
    const moved = interfering[0]!.partA === nut.path ? 1 : -1; // direction moves partA
    expect(moved * d[axis]! * -sign).toBeGreaterThan(0.99);
  });

  it('coarsely tessellated (linear 1 mm, angular 1 rad): still 0 interferences (the assumed sag used to report 14)', async () => {
    const coarse = await loadAssembly(sharedStep('as1-oc-214.stp'), { linearDeflection: 1, angularDeflection: 1 });
    const report = findContacts(coarse);
    expect(report.contacts.filter((c) => c.relation === 'intersecting').length).toBeGreaterThan(100);
    expect(report.contacts.filter((c) => c.verdict === 'interference')).toEqual([]);
  }, 120_000);
});
