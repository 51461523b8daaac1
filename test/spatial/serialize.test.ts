import fc from 'fast-check';
import { Matrix4 } from 'three';
import { describe, expect, it } from 'vitest';
import { collide, deserializeAssembly, partFromMesh, serializeAssembly, SERIAL_FORMAT_VERSION, SurfcdError, type Assembly, type Part } from '../../src/index.js';
import { surfaceKindOf } from '../../src/model/surfaceKindOf.js';
import { knownSurfaceShell, surfaceShell } from '../../src/model/surfaceShell.js';
import { knownSurfaceSlab, slabsOf, surfaceSlab } from '../../src/model/surfaceSlab.js';
import { knownSags, partSag, surfaceSag } from '../../src/model/tessellationError.js';
import { placedRevolution, randomRigid } from '../helpers/revolution.js';
import { mulberry32, randomPose, randomSoup, sortedPairs } from '../helpers/soup.js';

function assemblyOf(parts: Part[]): Assembly {
  parts.forEach((p, i) => ((p as { index: number }).index = i));
  return {
    name: 'soup',
    units: 'mm',
    root: { name: '', path: '', children: [{ name: 'sub', path: 'sub', children: [], parts: parts.map((_, i) => i) }], parts: [] },
    parts,
  };
}

function soupAssembly(seed: number): Assembly {
  return assemblyOf([
    randomSoup('a', seed, { triangles: 60, surfaces: 5, grid: 0.5, size: 10, degenerate: 0.1 }),
    randomSoup('b', seed + 1, { triangles: 40, surfaces: 4, grid: 0, size: 10, degenerate: 0 }),
  ]);
}

function errorOf(bytes: Uint8Array): SurfcdError {
  try {
    deserializeAssembly(bytes);
  } catch (error) {
    return error as SurfcdError;
  }
  throw new Error('expected deserializeAssembly to fail');
}

describe('serializeAssembly / deserializeAssembly', () => {
  it('round-trips geometry, surfaces, trees, boxes, OBBs and the product tree, and queries answer the same', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const original = soupAssembly(seed);
        const copy = deserializeAssembly(serializeAssembly(original), 'soup.step');
        expect(copy.source).toBe('soup.step');
        expect(copy.root).toEqual(original.root);
        expect(copy.parts.length).toBe(2);
        copy.parts.forEach((p, i) => {
          const o = original.parts[i]!;
          for (const key of ['positions', 'indices', 'triangleSurface', 'bounds'] as const) expect(p[key]).toEqual(o[key]);
          expect(p.obb).toEqual(o.obb);
          expect(p.surfaceTree).toEqual(o.surfaceTree);
          expect(p.surfaces.map((s) => [s.index, s.firstTriangle, s.triangleCount, Array.from(s.bounds), s.triangleTree])).toEqual(
            o.surfaces.map((s) => [s.index, s.firstTriangle, s.triangleCount, Array.from(s.bounds), s.triangleTree]),
          );
          for (const s of p.surfaces) expect(s.part).toBe(p);
        });
        // Empty surfaces have infinite (empty) boxes: those must survive JSON.
        const rnd = mulberry32(seed);
        const pose = randomPose(rnd, 10);
        const want = collide(original.parts[0]!, pose, original.parts[1]!, pose.clone().invert(), { classify: true });
        const got = collide(copy.parts[0]!, pose, copy.parts[1]!, pose.clone().invert(), { classify: true });
        expect(sortedPairs(got.surfacePairs)).toEqual(sortedPairs(want.surfacePairs));
      }),
      { numRuns: 15 },
    );
  });

  it('keeps fitted surface kinds, the filter decides which', () => {
    const positions: number[] = [], indices: number[] = [];
    for (let i = 0; i <= 4; i++) for (let j = 0; j <= 4; j++) positions.push(i, j, 2);
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) indices.push(5 * i + j, 5 * i + j + 5, 5 * i + j + 6, 5 * i + j, 5 * i + j + 6, 5 * i + j + 1);
    const plate = partFromMesh({ name: 'plate', positions, indices });
    const kind = surfaceKindOf(plate.surfaces[0]!);
    expect(kind.type).toBe('plane');
    const asm = assemblyOf([plate]);
    expect(deserializeAssembly(serializeAssembly(asm)).parts[0]!.surfaces[0]!.kind).toEqual(kind);
    expect(deserializeAssembly(serializeAssembly(asm, () => false)).parts[0]!.surfaces[0]!.kind).toBeUndefined();
  });

  it('keeps measured surface shells (and "no shell"), so a re-opened assembly does not measure them again', () => {
    const rnd = mulberry32(5);
    const sphere = (name: string, radius: number) =>
      placedRevolution(name, { kind: 'sphere', centre: [1, 2, 3], axis: [0, 0, 1], radius, length: 0, rings: 8, segments: 12, phase: 0, sectors: 1 }, randomRigid(rnd, 10));
    const outer = sphere('outer', 10), inner = sphere('inner', 9);
    const flat = randomSoup('flat', 3, { triangles: 40, surfaces: 1, grid: 0, size: 10, degenerate: 0 });
    const asm = assemblyOf([outer.part, inner.part, flat]);
    const measured = asm.parts.map((p) => surfaceShell(p.surfaces[0]!));
    expect(measured[0]).not.toBeNull();
    const copy = deserializeAssembly(serializeAssembly(asm));
    copy.parts.forEach((p, i) => expect(knownSurfaceShell(p.surfaces[0]!)).toEqual(measured[i]));
    // Not measured before writing: not in the entry either.
    const fresh = deserializeAssembly(serializeAssembly(assemblyOf([sphere('other', 5).part])));
    expect(knownSurfaceShell(fresh.parts[0]!.surfaces[0]!)).toBeUndefined();
    // The nested spheres are told apart by the shells read back, with the same answer.
    const poseOf = (m: number[]) => new Matrix4().fromArray(m);
    const want = collide(outer.part, poseOf(outer.pose), inner.part, poseOf(inner.pose), { mode: 'all-triangles' });
    const got = collide(copy.parts[0]!, poseOf(outer.pose), copy.parts[1]!, poseOf(inner.pose), { mode: 'all-triangles' });
    expect(got.intersecting).toBe(false);
    expect(got.stats.triangleTests).toBe(want.stats.triangleTests);
  });

  it('keeps measured sags and flat-surface slabs (and "no slab"), only a sag whose kind it keeps', () => {
    // A plate tilted out of every coordinate plane (a slab), and a sphere (no slab, a sag).
    const c = Math.cos(0.5), s = Math.sin(0.5);
    const positions: number[] = [], indices: number[] = [];
    for (let i = 0; i <= 3; i++) for (let j = 0; j <= 3; j++) positions.push(i, c * j - s * 2, s * j + c * 2 + 0.3 * i);
    for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) indices.push(4 * i + j, 4 * i + j + 4, 4 * i + j + 5, 4 * i + j, 4 * i + j + 5, 4 * i + j + 1);
    const plate = partFromMesh({ name: 'plate', positions, indices });
    const ball = placedRevolution('ball', { kind: 'sphere', centre: [1, 2, 3], axis: [0, 0, 1], radius: 4, length: 0, rings: 8, segments: 12, phase: 0, sectors: 1 }, randomRigid(mulberry32(2), 10)).part;
    const asm = assemblyOf([plate, ball]);
    const slabs = asm.parts.map((p) => surfaceSlab(slabsOf(p), p.surfaces[0]!));
    expect(slabs[0]).not.toBeNull();
    expect(slabs[1]).toBeNull();
    const sag = surfaceSag(ball.surfaces[0]!);
    const turn = partSag(ball);
    expect(sag).toBeGreaterThan(0);
    const copy = deserializeAssembly(serializeAssembly(asm));
    copy.parts.forEach((p, i) => expect(knownSurfaceSlab(p.surfaces[0]!)).toEqual(slabs[i]));
    expect(knownSags(copy.parts[1]!.surfaces[0]!)).toEqual({ sag, turn });
    // Read back, they are what a fresh measurement gives.
    expect(surfaceSag(copy.parts[1]!.surfaces[0]!)).toBe(sag);
    expect(partSag(copy.parts[1]!)).toBe(turn);
    // Without its kind the surface's own sag is not kept (it was measured against that kind).
    const noKinds = deserializeAssembly(serializeAssembly(asm, () => false));
    expect(knownSags(noKinds.parts[1]!.surfaces[0]!)).toEqual({ sag: undefined, turn });
    // Not measured before writing: not in the entry either.
    const fresh = deserializeAssembly(serializeAssembly(assemblyOf([partFromMesh({ name: 'plate', positions, indices })])));
    expect(knownSurfaceSlab(fresh.parts[0]!.surfaces[0]!)).toBeUndefined();
    expect(knownSags(fresh.parts[0]!.surfaces[0]!)).toEqual({ sag: undefined, turn: undefined });
  });

  it('reads from a misaligned buffer (copies it)', () => {
    const bytes = serializeAssembly(soupAssembly(7));
    const shifted = new Uint8Array(bytes.length + 3);
    shifted.set(bytes, 3);
    expect(deserializeAssembly(shifted.subarray(3)).parts[0]!.positions).toEqual(soupAssembly(7).parts[0]!.positions);
  });

  it('rejects truncated, bit-flipped, foreign and version-mismatched data with INVALID_CACHE', () => {
    const bytes = serializeAssembly(soupAssembly(3));
    const cases: [string, Uint8Array][] = [
      ['empty', new Uint8Array(0)],
      ['truncated', bytes.slice(0, bytes.length - 8)],
      ['header only', bytes.slice(0, 24)],
      ['foreign', new TextEncoder().encode('ISO-10303-21; HEADER; ENDSEC; DATA; ENDSEC; END-ISO-10303-21;')],
    ];
    const flipped = bytes.slice();
    flipped[bytes.length - 100]! ^= 0x10;
    cases.push(['bit flip in data', flipped]);
    const flippedJson = bytes.slice();
    flippedJson[40]! ^= 0x01;
    cases.push(['bit flip in header', flippedJson]);
    const version = bytes.slice();
    new DataView(version.buffer).setUint32(8, SERIAL_FORMAT_VERSION + 1, true);
    cases.push(['other version', version]);
    for (const [what, data] of cases) {
      const error = errorOf(data);
      expect(error, what).toBeInstanceOf(SurfcdError);
      expect(error.code, what).toBe('INVALID_CACHE');
    }
  });
});
