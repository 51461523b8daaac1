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

  it('decides touching and coplanar pairs by replaying the full test; hands degenerate ones to it', () => {
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
      for (const [i, t] of touchy.entries()) {
        const q = mapCoords(t, f);
        // Proper triangles: trianglesIntersect replayed with the records (all these touch).
        const expected = i >= 4 ? UNSURE : MEET;
        expect(prepared(p, q)).toBe(expected);
        expect(prepared(q, p)).toBe(expected);
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

/** Integer triangles in z = 0, some degenerate, q maybe lifted off the plane by a few ulps … 1e-9. */
const planarPairs = fc
  .tuple(
    fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 12, maxLength: 12 }),
    fc.constantFrom(0, 0, 0, 2 ** -52, 3 * 2 ** -52, 1e-12, 1e-9),
    fc.integer({ min: 0, max: 3 }),
  )
  .map(([xy, lift, degenerate]) => {
    const p = T(xy[0]!, xy[1]!, 0, xy[2]!, xy[3]!, 0, xy[4]!, xy[5]!, 0);
    const q = T(xy[6]!, xy[7]!, lift, xy[8]!, xy[9]!, 0, xy[10]!, xy[11]!, lift);
    if (degenerate === 1) q.set([q[0]! + 2 * (q[3]! - q[0]!), q[1]! + 2 * (q[4]! - q[1]!), lift], 6); // collinear
    if (degenerate === 2) q.set(q.subarray(0, 3), 3); // two vertices coincide
    return { p, q, proper: degenerate === 0 || degenerate === 3 };
  });

/** Frames that keep faces coplanar: the tumble's axis-aligned steps (a quarter or half turn in floats, with sin π ≠ 0) and general rotations. */
const planarFrame = fc.record({
  turn: fc.constantFrom(0, Math.PI / 2, Math.PI, -Math.PI / 2),
  quat: fc.option(unitQuaternion, { nil: undefined }),
  scale: fc.constantFrom(1, 2 ** -20, 1e-6, 1e6, 1e150, 1e-150),
  offset: fc.constantFrom([0, 0, 0], [1, 0, 0], [1e4, -1e4, 5e3], [1e-3, 2e-3, 0]),
});

function placePlanar(t: Float64Array, { turn, quat, scale, offset }: { turn: number; quat?: number[] | undefined; scale: number; offset: readonly number[] }): Float64Array {
  // About z by `turn`, then about x by `turn` (tumblePose's rotation), in floats.
  const c = Math.cos(turn), s = Math.sin(turn);
  const r = new Float64Array(9);
  for (let v = 0; v < 9; v += 3) {
    const x = t[v]!, y = t[v + 1]!, z = t[v + 2]!;
    const y1 = c * y - s * z, z1 = s * y + c * z;
    r[v] = c * x - s * y1;
    r[v + 1] = s * x + c * y1;
    r[v + 2] = z1;
  }
  return quat ? rotate(r, quat, scale, offset) : rotate(r, [1, 0, 0, 0], scale, offset);
}

describe('preparedIntersect on coplanar faces (the replay of trianglesIntersect\'s coplanar branch)', () => {
  it('answers as trianglesIntersect does: overlapping, touching, apart, lifted by ulps, degenerate; 1e-150 … 1e150, axis turns and rotations', () => {
    fc.assert(
      fc.property(planarPairs, planarFrame, fc.constantFrom(1, 1, 4), ({ p, q }, frame, grow) => {
        const mp = placePlanar(p, frame), mq = placePlanar(q, frame);
        expect(agrees(mp, mq, grow * maxAbs(mp))).toBe(true);
        expect(agrees(mq, mp, grow * maxAbs(mq))).toBe(true);
      }),
      { numRuns: 5000 },
    );
    // Faces in an exact plane (z = 0, any offset), q not made degenerate, are decided here,
    // not by the full test (random integer triangles are sometimes collinear: those go there).
    // Counted on a fixed sample: in 5,000 random runs only ~17 pairs qualify, so the share
    // wandered with the seed (one gave 0.77).
    let decided = 0, exactlyPlanar = 0;
    for (const [{ p, q, proper }, frame] of fc.sample(fc.tuple(planarPairs, planarFrame), { numRuns: 20000, seed: 20261123 })) {
      // (At 1e±150 next to an offset, a triangle is a point to the full test: not counted.)
      if (!(proper && frame.turn === 0 && frame.quat === undefined && q[2] === 0 && q[8] === 0 && Math.abs(Math.log10(frame.scale)) <= 6)) continue;
      exactlyPlanar++;
      if (prepared(placePlanar(p, frame), placePlanar(q, frame)) !== UNSURE) decided++;
    }
    expect(exactlyPlanar).toBeGreaterThan(50);
    expect(decided / exactlyPlanar).toBeGreaterThan(0.8); // 64 of 68 on this sample
  });

  it('keeps faces a few ulps … 1e-9 apart apart, as the full test does, at 1 and at 1e6', () => {
    const p = T(0, 0, 0, 4, 0, 0, 0, 4, 0);
    for (const scale of [1, 1e6]) {
      for (const lift of [0, 1e-12, 1e-9]) {
        const q = T(1, 1, lift, 3, 1, lift, 1, 3, lift).map((x) => x * scale);
        const ps = p.map((x) => x * scale);
        const full = trianglesIntersect(ps, q);
        expect(prepared(ps, q) === UNSURE || (prepared(ps, q) === MEET) === full).toBe(true);
        if (lift === 0) expect(prepared(ps, q)).toBe(MEET);
      }
    }
  });
});
