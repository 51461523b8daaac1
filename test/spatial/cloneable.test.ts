import { describe, expect, it } from 'vitest';
import { BoxGeometry, TorusGeometry } from 'three';
import { assemblyFromData, assemblyToData, collide, partFromGeometry, SurfcdError, type Assembly } from '../../src/index.js';

describe('assemblyToData / assemblyFromData (structured clone across workers)', () => {
  const box = partFromGeometry(new BoxGeometry(1, 1, 1), 'box');
  const torus = partFromGeometry(new TorusGeometry(1, 0.3, 12, 24), 'torus');
  const assembly: Assembly = {
    name: 'pair',
    units: 'mm',
    root: { name: '', path: '', children: [], parts: [0, 1] },
    parts: [{ ...box, index: 0 }, { ...torus, index: 1 }].map((p) => {
      const part = { ...p, surfaces: [] as typeof p.surfaces };
      part.surfaces.push(...p.surfaces.map((s) => ({ ...s, part })));
      return part;
    }),
  };
  const pose = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0.9, 0.1, 0, 1];
  const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]; // a null pose is an error, not the identity

  it('survives structuredClone with every typed array transferred, and collides the same without re-indexing', () => {
    const before = collide(assembly.parts[0]!, pose, assembly.parts[1]!, identity, { mode: 'all-triangles' });
    const { data, transfer } = assemblyToData(assembly);
    const treeSizes = assembly.parts.map((p) => p.surfaceTree!.nodeBoxes.length);
    const copy = assemblyFromData(structuredClone(data, { transfer }));
    expect(assembly.parts[0]!.positions.length).toBe(0); // moved, not copied
    expect(copy.parts.map((p) => p.path)).toEqual(['box', 'torus']);
    copy.parts.forEach((p, i) => {
      expect(p.surfaceTree!.nodeBoxes.length).toBe(treeSizes[i]);
      p.surfaces.forEach((s, k) => {
        expect(s.part).toBe(p);
        expect(s.index).toBe(k);
      });
    });
    const after = collide(copy.parts[0]!, pose, copy.parts[1]!, identity, { mode: 'all-triangles' });
    expect(after.surfacePairs).toEqual(before.surfacePairs);
    expect(Array.from(after.trianglePairs!)).toEqual(Array.from(before.trianglePairs!));
  });

  it('rejects data that did not come from assemblyToData, naming what is wrong', () => {
    expect(() => assemblyFromData({ tag: 'x' } as never)).toThrowError(SurfcdError);
    expect(() => assemblyFromData({ tag: 'x' } as never)).toThrowError(/expected an object tagged "surfcd\/assembly-clone@1"/);
    const fresh = partFromGeometry(new BoxGeometry(1, 1, 1), 'b');
    const { data } = assemblyToData({ name: 'b', units: 'mm', root: { name: '', path: '', children: [], parts: [0] }, parts: [fresh] });
    (data.parts[0] as { positions: unknown }).positions = [0, 0, 0];
    expect(() => assemblyFromData(data)).toThrowError(/parts\[0\] \("b"\): positions is not a Float64Array/);
    const second = assemblyToData({ name: 'b', units: 'mm', root: { name: '', path: '', children: [], parts: [0] }, parts: [partFromGeometry(new BoxGeometry(1, 1, 1), 'b')] }).data;
    (second.parts[0]!.surfaces[2]!.triangleTree as { itemIds: unknown }).itemIds = [0, 1];
    expect(() => assemblyFromData(second)).toThrowError(/parts\[0\] \("b"\): surfaces\[2\]\.triangleTree\.itemIds is not a Uint32Array/);
  });
});
