import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { collide, findContacts, findPart, loadAssembly, partFromMesh, SurfcdError, type Assembly } from '../../src/index.js';
import { sample } from '../helpers/shared.js';

interface Mates {
  mates: { kind: string; partA: string; partB: string }[];
}

const SAMPLES = ['rig', 'shaft-bearings', 'ball-joint', 'cone-seat', 'rotated-rig'];
const key = (a: string, b: string): string => [a, b].sort().join(' | ');

describe('findContacts on the generated samples', () => {
  for (const name of SAMPLES) {
    it(`${name}: the part pairs in contact are exactly those the generator says touch`, async () => {
      const assembly = await loadAssembly(sample(`${name}.step`));
      const truth: Mates = JSON.parse(readFileSync(sample(`${name}.mates.json`), 'utf8'));
      const expected = new Set(truth.mates.map((m) => key(m.partA, m.partB)));
      const report = findContacts(assembly, { tolerance: 0.001 });
      const found = new Set(report.pairs.map((p) => key(p.partA, p.partB)));
      expect([...found].sort()).toEqual([...expected].sort());
    });
  }
});

describe('findContacts and collide on bad input', () => {
  let rig: Assembly;
  beforeAll(async () => {
    rig = await loadAssembly(sample('rig.step'));
  });

  it('an unknown part path names the path and suggests close ones', () => {
    expect(() => findContacts(rig, { poses: { bolts: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1] } })).toThrowError(/no part with path "bolts".*did you mean "bolt"/);
    try {
      findPart(rig, 'nope');
    } catch (error) {
      expect((error as SurfcdError).code).toBe('UNKNOWN_PART');
    }
  });

  it('a NaN pose names the part and the element', () => {
    const pose = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, Number.NaN, 0, 0, 1];
    expect(() => findContacts(rig, { poses: { bolt: pose } })).toThrowError(/pose of part "bolt": element 12 is NaN/);
    const bolt = findPart(rig, 'bolt'), plate = findPart(rig, 'plate');
    expect(() => collide(bolt, pose, plate, undefined as never)).toThrowError(SurfcdError);
  });

  it('a scaled pose is rejected as non-rigid', () => {
    const scaled = [2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2, 0, 0, 0, 0, 1];
    const bolt = findPart(rig, 'bolt'), plate = findPart(rig, 'plate');
    expect(() => collide(bolt, scaled, plate, scaled)).toThrowError(/poseA of part "bolt": not a rigid motion \(column 0 has length 2/);
  });

  it('a bad tolerance or mode is an INVALID_OPTION error', () => {
    const bolt = findPart(rig, 'bolt'), plate = findPart(rig, 'plate');
    const id = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(() => collide(bolt, id, plate, id, { tolerance: -1 })).toThrowError(/tolerance must be a finite number ≥ 0/);
    expect(() => collide(bolt, id, plate, id, { mode: 'everything' as never })).toThrowError(/mode "everything" is not one of/);
  });

  it('moving the bolt out of the plate ends its contacts with the plate', () => {
    const bolt = findPart(rig, 'bolt'), plate = findPart(rig, 'plate');
    const id = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(collide(bolt, id, plate, id).intersecting).toBe(true);
    const lifted = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 40, 1];
    expect(collide(bolt, lifted, plate, id).intersecting).toBe(false);
    const report = findContacts(rig, { poses: { bolt: lifted } });
    expect(report.pairs.some((p) => p.partA === 'bolt' || p.partB === 'bolt')).toBe(false);
  });
});

describe('parts without faces and meshes from code', () => {
  it('a part with no triangles collides with nothing and does not crash', () => {
    const empty = partFromMesh({ name: 'empty', positions: [], indices: [], surfaces: [{ first: 0, last: -1 }] });
    const tri = partFromMesh({ name: 'tri', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2] });
    const id = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(empty.surfaces).toHaveLength(1);
    expect(empty.surfaces[0]!.triangleCount).toBe(0);
    expect(collide(empty, id, tri, id).intersecting).toBe(false);
    expect(collide(tri, id, empty, id, { mode: 'all-triangles' }).trianglePairs).toHaveLength(0);
  });

  it('bad meshes get INVALID_MESH naming the field', () => {
    expect(() => partFromMesh({ name: 'p', positions: [0, 0, 0, 1, 0, 0, 0, 1], indices: [0, 1, 2] })).toThrowError(/part "p": positions has 8 numbers/);
    expect(() => partFromMesh({ name: 'p', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 5] })).toThrowError(/indices\[2\] is 5/);
    expect(() => partFromMesh({ name: 'p', positions: [0, 0, Number.NaN, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2] })).toThrowError(/positions\[2\] is NaN/);
    expect(() => partFromMesh({ name: 'p', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2], surfaces: [{ first: 0, last: 3 }] })).toThrowError(/surface 0 has triangle range \[0, 3\]/);
  });
});
