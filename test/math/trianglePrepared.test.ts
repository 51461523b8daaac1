import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { trianglesIntersect } from '../../src/math/triangleIntersect.js';
import { DISJOINT, MEET, PREPARED, prepareTriangle, preparedIntersect, RECORD, triangleRecord, UNSURE } from '../../src/math/trianglePrepared.js';
import { mapCoords, pairs, rotate, touchyPairs, unitQuaternion } from './oracle/arbitraries.js';

const T = (...xs: number[]): Float64Array => Float64Array.from(xs);

/** preparedIntersect(p, q) with p's record and q prepared for `magnitude` (≥ every |p|). */
function prepared(p: Float64Array, q: Float64Array, magnitude = maxAbs(p), sabotage?: (qp: Float64Array) => void): number {
  const rec = new Float64Array(RECORD), qp = new Float64Array(PREPARED);
  triangleRecord(p[0]!, p[1]!, p[2]!, p[3]!, p[4]!, p[5]!, p[6]!, p[7]!, p[8]!, rec, 0);
  prepareTriangle(q, magnitude, qp);
  sabotage?.(qp);
  return preparedIntersect(p, rec, 0, q, qp);
}

function maxAbs(t: Float64Array): number {
  let m = 0;
  for (const x of t) m = Math.max(m, Math.abs(x));
  return m;
}

/** Whatever it decides is what trianglesIntersect says. */
function agrees(p: Float64Array, q: Float64Array, magnitude?: number, sabotage?: (qp: Float64Array) => void): boolean {
  const v = prepared(p, q, magnitude, sabotage);
  return v === UNSURE || (v === MEET) === trianglesIntersect(p, q);
}

const scales = fc.constantFrom(1, 1e-3, 1e4, 2 ** -20, 777.7);
const frame = fc.record({ quat: unitQuaternion, scale: scales, offset: fc.constantFrom([0, 0, 0], [0.5, -2, 3], [1e4, -1e4, 5e3], [1e-3, 2e-3, 0]) });

describe('preparedIntersect (the exact test with per-triangle data reused)', () => {
  it('decides only as trianglesIntersect does: shared features, coplanar, degenerate, tilted; 1e-3 … 1e4', () => {
    fc.assert(
      fc.property(fc.oneof(pairs, touchyPairs), frame, fc.constantFrom(1, 1, 3), ({ p, q }, { quat, scale, offset }, grow) => {
        const mp = rotate(p, quat, scale, offset), mq = rotate(q, quat, scale, offset);
        // A larger magnitude (the part's, not the triangle's) only widens the bands.
        expect(agrees(mp, mq, grow * maxAbs(mp))).toBe(true);
        expect(agrees(mq, mp, grow * maxAbs(mq))).toBe(true);
      }),
      { numRuns: 4000 },
    );
  });

  it('exact integer inputs as they are (every touching pair lies exactly on a band edge)', () => {
    fc.assert(fc.property(fc.oneof(pairs, touchyPairs), ({ p, q }) => agrees(p, q) && agrees(q, p)), { numRuns: 4000 });
  });

  it('random float triangles: it decides most general-position pairs itself', () => {
    let decided = 0, total = 0;
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -(2 ** 30), max: 2 ** 30 }).map((i) => i * 2 ** -30), { minLength: 18, maxLength: 18 }), (xs) => {
        const p = Float64Array.from(xs.slice(0, 9)), q = Float64Array.from(xs.slice(9));
        total++;
        if (prepared(p, q) !== UNSURE) decided++;
        return agrees(p, q);
      }),
      { numRuns: 3000 },
    );
    expect(decided / total).toBeGreaterThan(0.9);
  });

  it('hands touching, coplanar and degenerate pairs to the full test', () => {
    const P0 = T(0, 0, 0, 1, 0, 0, 0, 1, 0);
    const touchy = [
      T(0, 0, 0, -1, 0, 1, 0, -1, 1), // shared vertex
      T(0, 0, 0, 1, 0, 0, 0, 0, 1), // shared edge, folded
      T(0.25, 0.25, 0, 1, 1, 1, 0, 1, 1), // vertex on the face
      T(0.5, 0.5, 0, 1, 1, 0, 1.5, 0.25, 0), // coplanar, vertex on edge
      T(0.25, 0.25, -1, 0.25, 0.25, 1, 0.25, 0.25, 0.5), // zero-area (segment) through the face
      T(0.3, 0.3, 0, 0.3, 0.3, 0, 0.3, 0.3, 0), // a point on the face
    ];
    for (const f of [(x: number) => x, (x: number) => x * 1e-3 + 1e-3, (x: number) => x * 1e4 - 3e3]) {
      const p = mapCoords(P0, f);
      for (const t of touchy) {
        const q = mapCoords(t, f);
        expect(prepared(p, q)).toBe(UNSURE);
        expect(prepared(q, p)).toBe(UNSURE);
      }
      // A sliver 1e-7 wide crossing the face, and a clear miss, are still decided.
      expect(prepared(p, mapCoords(T(0.2, 0.2, -1, 0.2 + 1e-7, 0.2, 1, 0.2, 0.2, 1), f))).toBe(MEET);
      expect(prepared(p, mapCoords(T(2, 2, -1, 2, 2, 1, 3, 1, 0), f))).toBe(DISJOINT);
    }
  });

  it('fails this suite when its bands are broken (the properties above have teeth)', () => {
    // Zero bands on q's side: touching pairs get decided, and some wrongly.
    const broken = (qp: Float64Array): void => {
      qp[3] = 0;
      qp[4] = 0;
      qp[5] = 0;
    };
    const run = fc.check(
      fc.property(fc.oneof(pairs, touchyPairs), frame, ({ p, q }, { quat, scale, offset }) =>
        agrees(rotate(p, quat, scale, offset), rotate(q, quat, scale, offset), undefined, broken),
      ),
      { numRuns: 4000, seed: 20261122 },
    );
    expect(run.failed).toBe(true);
  });
});
