// Flat-surface slabs (surfaceSlab.ts): a B triangle strictly beyond a flat A surface's slab
// skips the whole surface. The cut must never drop a pair trianglesIntersect says meets:
// flat and near-flat (lifted by ulps … 1e-9) tilted patches, triangles on, touching, lifted
// off and crossing the plane, at tiny and huge scales; and collide must still equal the oracle.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collide } from '../../src/index.js';
import { measureSlab, slabApart } from '../../src/collide/surfaceSlab.js';
import { trianglesIntersect } from '../../src/math/triangleIntersect.js';
import { PREPARED, prepareTriangle } from '../../src/math/trianglePrepared.js';
import { expectSameAsOracle } from '../helpers/oracle.js';
import { flatPatch, frame, LIFTS, nearTriangle as nearTriangleOf, partOf, place, type Frame } from './fixtures/flatPatches.js';

const IDENTITY = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const HEIGHTS = [0, 0, 2 ** -52, -(2 ** -52), 1e-12, -1e-12, 1e-9, -1e-9, 1e-6, -1e-6, 0.05, -0.05, 1, -1];
const nearTriangle = nearTriangleOf(HEIGHTS);

function maxAbs(xs: ArrayLike<number>): number {
  let m = 0;
  for (let i = 0; i < xs.length; i++) m = Math.max(m, Math.abs(xs[i]!));
  return m;
}

/** Does the slab cut some q of `qs` that trianglesIntersect meets with a triangle of the patch? Counts the cuts. */
function cutDropsAPair(f: Frame, lifts: readonly number[], qs: number[][], margin: number, counts: { cuts: number }): boolean {
  const patch = flatPatch(f, lifts);
  const part = partOf('flat', [patch]);
  const slab = measureSlab(part.surfaces[0]!);
  if (slab === null) return false;
  const magnitude = maxAbs(part.positions);
  const qp = new Float64Array(PREPARED);
  for (const local of qs) {
    const q = Float64Array.from(place(local, f));
    prepareTriangle(q, magnitude, qp);
    if (!slabApart(slab, q, qp[6] !== 0 ? qp[7]! : -1, margin)) continue;
    counts.cuts++;
    for (const p of patch) if (trianglesIntersect(Float64Array.from(p), q)) return true;
  }
  return false;
}

const lifts = fc.oneof(fc.constant([0]), fc.array(fc.constantFrom(...LIFTS), { minLength: 1, maxLength: 5 }));

describe('flat-surface slab cut (surfaceSlab.ts)', () => {
  it('never cuts a triangle that meets one of the surface: on, touching, lifted by ulps … 1, crossing; tilted, 2^-20 … 1e4', () => {
    const counts = { cuts: 0 };
    fc.assert(
      fc.property(frame, lifts, fc.array(nearTriangle, { minLength: 1, maxLength: 8 }), (f, l, qs) => !cutDropsAPair(f, l, qs, 1, counts)),
      { numRuns: 400 },
    );
    expect(counts.cuts, 'the cut does fire').toBeGreaterThan(50);
  });

  it('fails when its margin is taken away (the property has teeth)', () => {
    const run = fc.check(
      fc.property(frame, lifts, fc.array(nearTriangle, { minLength: 1, maxLength: 8 }), (f, l, qs) => !cutDropsAPair(f, l, qs, 0, { cuts: 0 })),
      { numRuns: 400, seed: 20261123 },
    );
    expect(run.failed).toBe(true);
  });

  it('curved, tiny and axis-parallel surfaces get no slab; a tilted flat one does', () => {
    const f = { quat: [Math.cos(0.3), Math.sin(0.3), 0, 0], scale: 1, offset: [0, 0, 0] };
    expect(measureSlab(partOf('flat', [flatPatch(f, [0])]).surfaces[0]!)).not.toBeNull();
    expect(measureSlab(partOf('axis', [flatPatch({ ...f, quat: [1, 0, 0, 0] }, [0])]).surfaces[0]!)).toBeNull();
    expect(measureSlab(partOf('bent', [flatPatch(f, [0, 0.3, 0, 0.1])]).surfaces[0]!)).toBeNull();
    expect(measureSlab(partOf('tiny', [flatPatch(f, [0]).slice(0, 3)]).surfaces[0]!)).toBeNull();
  });

  it('collide with the cut equals the oracle: tilted flat patches against triangles near their planes', () => {
    let cuts = 0;
    fc.assert(
      fc.property(frame, lifts, fc.array(nearTriangle, { minLength: 4, maxLength: 12 }), fc.constantFrom(0, 1), (f, l, qs, shift) => {
        const a = partOf('a', [flatPatch(f, l), flatPatch({ ...f, offset: f.offset.map((o, i) => o + (i === 0 ? 2 * f.scale : 0)) }, [0])]);
        const b = partOf('b', [qs.slice(0, qs.length >> 1).map((t) => place(t, f)), qs.slice(qs.length >> 1).map((t) => place(t, f))]);
        const poseB = IDENTITY.slice();
        poseB[12] = shift * f.scale * 0.5; // a shift along x keeps b's triangles near a's plane only where it is not tilted
        expectSameAsOracle(a, IDENTITY, b, poseB, 0);
        cuts += collide(a, IDENTITY, b, poseB, { mode: 'all-triangles' }).stats.slabCuts ?? 0;
      }),
      { numRuns: 30 },
    );
    expect(cuts, 'the cut fires inside collide').toBeGreaterThan(0);
  });
});
