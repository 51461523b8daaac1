// OBB corners and the 15-axis overlap test against a GJK oracle.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { obbCorners, type Obb } from '../../src/math/obb.js';
import { MOVED_OBB, moveObb as moveFlatObb, movedObbsOverlap, obbsOverlap } from '../../src/math/obbOverlap.js';
import { invertRigid, multiplyRigid, type Rigid } from '../../src/math/rigid.js';
import { configureProperties, runs, dot, sub, norm, cross, row, mulMV, mulMM, transpose, fromColumns, quatToMatrix, rigidOf, makeObb, moveObb, grown, gjk, oracleOverlap, boxScale, rotation, vec, rigid, solidObb, obbArb, type V3 } from './oracle/obbOracle.js';

configureProperties();

describe('obbCorners', () => {
  it('gives the 8 corners: ±halfExtent along each axis', () => {
    fc.assert(
      fc.property(obbArb(10), (o) => {
        const c = obbCorners(o);
        expect(c.length).toBe(24);
        for (let k = 0; k < 8; k++) {
          const d = sub(c.subarray(3 * k, 3 * k + 3), o.center);
          for (let i = 0; i < 3; i++) {
            const want = k & (1 << i) ? o.halfExtents[i]! : -o.halfExtents[i]!;
            expect(Math.abs(dot(d, row(o.axes, i)) - want)).toBeLessThan(1e-12 * 20);
          }
        }
      }),
      { numRuns: runs(100) },
    );
  });
});

describe('GJK oracle (sanity)', () => {
  it('measures known distances', () => {
    const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
    const a = makeObb([0, 0, 0], I, [1, 1, 1]);
    const d = gjk(obbCorners(a), obbCorners(makeObb([3, 0, 0], I, [1, 1, 1])));
    expect(d.lower).toBeCloseTo(1, 12);
    expect(d.upper).toBeCloseTo(1, 12);
    const diag = gjk(obbCorners(a), obbCorners(makeObb([3, 3, 3], I, [1, 1, 1])));
    expect(diag.upper).toBeCloseTo(Math.sqrt(3), 12);
    expect(diag.lower).toBeCloseTo(Math.sqrt(3), 12);
    expect(gjk(obbCorners(a), obbCorners(makeObb([0.5, 0.2, 0], quatToMatrix([1, 0.3, 0.2, 0.1]), [1, 1, 1]))).upper).toBe(0);
  });
});

describe('obbsOverlap', () => {
  /** b in a's frame, then both re-expressed in random part frames; returns the call arguments. */
  function inPartFrames(aBox: Obb, bBox: Obb, ga: Rigid, gb: Rigid): [Obb, Obb, Rigid] {
    const a = moveObb(aBox, ga);
    const b = moveObb(bBox, gb);
    const bToA = multiplyRigid(ga, invertRigid(gb));
    return [a, b, bToA];
  }

  it('agrees with the GJK oracle on random boxes and random rigid transforms (with margins)', () => {
    let decided = 0;
    let overlapping = 0;
    let total = 0;
    fc.assert(
      fc.property(obbArb(0), obbArb(5), rigid(50), rigid(50), fc.constantFrom(0, 0, 0, 0.01, 0.3), (aBox, bBox, ga, gb, margin) => {
        total++;
        const [a, b, bToA] = inPartFrames(aBox, bBox, ga, gb);
        const verdict = oracleOverlap(grown(aBox, margin), grown(bBox, margin), boxScale(aBox, bBox));
        if (verdict === undefined) return;
        decided++;
        if (verdict) overlapping++;
        expect(obbsOverlap(a, b, bToA, margin)).toBe(verdict);
        // symmetric: the same question asked from b's side
        expect(obbsOverlap(b, a, invertRigid(bToA), margin)).toBe(verdict);
      }),
      { numRuns: runs(600) },
    );
    expect(decided).toBeGreaterThan(total * 0.99);
    expect(overlapping).toBeGreaterThan(total * 0.25);
    expect(overlapping).toBeLessThan(total * 0.75);
  });

  it('movedObbsOverlap (flat boxes, B moved once, a margin each) agrees with the GJK oracle', () => {
    const flat = (o: Obb): Float64Array => Float64Array.from([...o.center, ...o.axes, ...o.halfExtents]);
    let decided = 0;
    fc.assert(
      fc.property(obbArb(0), obbArb(5), rigid(50), rigid(50), fc.constantFrom(0, 0.01, 0.3), fc.constantFrom(0, 0.02, 0.5), (aBox, bBox, ga, gb, marginA, marginB) => {
        const [a, b, bToA] = inPartFrames(aBox, bBox, ga, gb);
        const verdict = oracleOverlap(grown(aBox, marginA), grown(bBox, marginB), boxScale(aBox, bBox));
        if (verdict === undefined) return;
        decided++;
        const moved = new Float64Array(2 * MOVED_OBB);
        moveFlatObb(flat(b), 0, bToA, moved, MOVED_OBB);
        expect(movedObbsOverlap(flat(a), 0, marginA, moved, MOVED_OBB, marginB)).toBe(verdict);
      }),
      { numRuns: runs(300) },
    );
    expect(decided).toBeGreaterThan(250);
  });

  it('agrees with the oracle near contact: b pushed just inside or outside along a random direction', () => {
    // Place b on a ray from a's centre at the distance where the two first touch (found by
    // bisection on the oracle), then 1e-6 relative inside or outside of it.
    fc.assert(
      // Solid boxes: with zero extents the boxes may never meet along the ray (or only within rounding).
      fc.property(solidObb, solidObb, rotation, vec(1).filter((d) => norm(d) > 0.1), fc.boolean(), (aBox, bLocal, Rb, dir, inside) => {
        const u = dir.map((x) => x / norm(dir)) as V3;
        const bAt = (s: number) => moveObb(bLocal, rigidOf(Rb, [u[0] * s, u[1] * s, u[2] * s]));
        let lo = 0, hi = norm(aBox.halfExtents) + norm(bLocal.halfExtents) + 1e-9;
        for (let it = 0; it < 60; it++) {
          const mid = 0.5 * (lo + hi);
          if (gjk(obbCorners(aBox), obbCorners(bAt(mid))).lower > 0) hi = mid; else lo = mid;
        }
        const size = Math.max(...aBox.halfExtents, ...bLocal.halfExtents, 0.05);
        const s = inside ? lo - 1e-6 * size : hi + 1e-6 * size;
        const bBox = bAt(s);
        const verdict = oracleOverlap(aBox, bBox, boxScale(aBox, bBox));
        if (verdict === undefined) return;
        expect(verdict).toBe(inside);
        const ga = rigidOf(quatToMatrix([0.2, 0.4, -0.1, 0.8]), [7, -3, 2]);
        const [a, b, bToA] = inPartFrames(aBox, bBox, ga, rigidOf(Rb, [1, 2, 3]));
        expect(obbsOverlap(a, b, bToA)).toBe(inside);
      }),
      { numRuns: runs(80) },
    );
  });

  const I = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  const pos = fc.double({ min: 0.1, max: 5, noNaN: true });
  const frac = fc.double({ min: -0.9, max: 0.9, noNaN: true });
  // part frames anywhere up to 1e6 away: rounding there must not separate touching boxes
  const poses = fc.tuple(fc.oneof(rigid(1000), rigid(1e6)), fc.oneof(rigid(1000), rigid(1e6)));

  /**
   * Checks touching → overlap, 1e-6-relative gap along the contact normal n → separate, a margin
   * covering the gap → overlap, and the GJK oracle with a margin that may not.
   */
  function checkContact(aBox: Obb, bAt: (gap: number) => Obb, n: V3, ga: Rigid, gb: Rigid, marginCovers: boolean) {
    const size = Math.max(...aBox.halfExtents, ...bAt(0).halfExtents);
    const gap = 1e-6 * size;
    const [a, b, bToA] = inPartFrames(aBox, bAt(0), ga, gb);
    expect(obbsOverlap(a, b, bToA)).toBe(true);
    // sanity of the construction (GJK converges slowly when faces are nearly parallel)
    expect(gjk(obbCorners(aBox), obbCorners(bAt(0))).upper).toBeLessThan(1e-8 * size);
    const [a2, b2, bToA2] = inPartFrames(aBox, bAt(gap), ga, gb);
    // certified separation: n separates the corner sets by gap (up to rounding)
    const along = (o: Obb) => Array.from({ length: 8 }, (_, k) => dot(obbCorners(o).subarray(3 * k, 3 * k + 3), n));
    expect(Math.min(...along(bAt(gap))) - Math.max(...along(aBox))).toBeGreaterThan(0.99 * gap);
    expect(Math.abs(Math.min(...along(bAt(0))) - Math.max(...along(aBox)))).toBeLessThan(1e-12);
    expect(obbsOverlap(a2, b2, bToA2)).toBe(false);
    expect(obbsOverlap(a2, b2, bToA2, 0.51 * gap)).toBe(true);
    if (marginCovers) expect(obbsOverlap(a2, b2, bToA2, 0.4 * gap)).toBe(false);
    // an oracle decision with the margin applied agrees as well
    const m = 0.4 * gap;
    // obbsOverlap may call anything within its rounding slack (relative to the part frames'
    // offsets) touching, so the oracle decides with that scale
    const want = oracleOverlap(grown(aBox, m), grown(bAt(gap), m), size, size + norm([ga[3]!, ga[7]!, ga[11]!]) + norm([gb[3]!, gb[7]!, gb[11]!]));
    if (want !== undefined) expect(obbsOverlap(a2, b2, bToA2, m)).toBe(want);
  }

  it('face-to-face touching overlaps; 1e-6 relative apart does not', () => {
    fc.assert(
      fc.property(pos, pos, pos, pos, pos, pos, fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), frac, frac, poses, (a0, a1, a2, b0, b1, b2, th, fx, fy, [ga, gb]) => {
        const aBox = makeObb([0, 0, 0], I, [a0, a1, a2]);
        const Rb = [Math.cos(th), -Math.sin(th), 0, Math.sin(th), Math.cos(th), 0, 0, 0, 1];
        const bAt = (gap: number) => makeObb([fx * a0, fy * a1, a2 + b2 + gap], transpose(Rb), [b0, b1, b2]);
        checkContact(aBox, bAt, [0, 0, 1], ga, gb, true);
      }),
      { numRuns: runs(300) },
    );
  });

  it('edge-to-edge touching (crossing edges) overlaps; 1e-6 relative apart does not', () => {
    const angle = fc.double({ min: 0.1, max: Math.PI / 2 - 0.1, noNaN: true });
    fc.assert(
      fc.property(pos, pos, pos, pos, pos, pos, angle, fc.double({ min: 0.2, max: Math.PI - 0.2, noNaN: true }), angle, frac, frac, poses, (a0, a1, a2, b0, b1, b2, alpha, beta, gamma, fp, fs, [ga, gb]) => {
        const aBox = makeObb([0, 0, 0], I, [a0, a1, a2]);
        // contact normal n in the normal cone of a's edge (y = a1, z = a2, along x)
        const n: V3 = [0, Math.cos(alpha), Math.sin(alpha)];
        const eB: V3 = [Math.cos(beta), Math.sin(beta) * Math.sin(alpha), -Math.sin(beta) * Math.cos(alpha)];
        const minusN: V3 = [-n[0], -n[1], -n[2]];
        const F = fromColumns(eB, minusN, cross(eB, minusN));
        const u: V3 = [0, -Math.cos(gamma), -Math.sin(gamma)];
        const L = fromColumns([1, 0, 0], u, cross([1, 0, 0], u));
        const Mb = mulMM(F, transpose(L)); // b-box local → a-box frame
        const P: V3 = [fp * a0, a1, a2];
        const lB = mulMV(Mb, [fs * b0, -b1, -b2]);
        const bAt = (gap: number) =>
          makeObb([P[0] - lB[0] + gap * n[0], P[1] - lB[1] + gap * n[1], P[2] - lB[2] + gap * n[2]], transpose(Mb), [b0, b1, b2]);
        checkContact(aBox, bAt, n, ga, gb, false);
      }),
      { numRuns: runs(300) },
    );
  });

  it('vertex-to-face touching overlaps; 1e-6 relative apart does not', () => {
    fc.assert(
      fc.property(pos, pos, pos, pos, pos, pos, rotation, frac, frac, poses, (a0, a1, a2, b0, b1, b2, Rb, fx, fy, [ga, gb]) => {
        const aBox = makeObb([0, 0, 0], I, [a0, a1, a2]);
        let lowest: V3 = [0, 0, 0];
        let lowestZ = Infinity;
        for (let k = 0; k < 8; k++) {
          const p = mulMV(Rb, [k & 1 ? b0 : -b0, k & 2 ? b1 : -b1, k & 4 ? b2 : -b2]);
          if (p[2] < lowestZ) { lowestZ = p[2]; lowest = p; }
        }
        const bAt = (gap: number) => makeObb([fx * a0 - lowest[0], fy * a1 - lowest[1], a2 - lowest[2] + gap], transpose(Rb), [b0, b1, b2]);
        checkContact(aBox, bAt, [0, 0, 1], ga, gb, false);
      }),
      { numRuns: runs(300) },
    );
  });

  it('far from the origin (1e6): touching overlaps, 1e-6 apart does not', () => {
    const far = rigidOf(quatToMatrix([0.7, 0.1, 0.5, -0.3]), [1e6, -2e6, 1.5e6]);
    const far2 = rigidOf(quatToMatrix([0.1, 0.9, -0.2, 0.4]), [-3e6, 1e6, 2e6]);
    const aBox = makeObb([0, 0, 0], I, [1, 0.5, 0.25]);
    const R = quatToMatrix([0.9, 0, 0, 0.2]);
    for (const gap of [0, 1e-6]) {
      const bBox = makeObb([0.3, 0.1, 0.25 + 0.5 + gap], transpose(R), [0.7, 0.6, 0.5]);
      const [a, b, bToA] = inPartFrames(aBox, bBox, far, far2);
      expect(obbsOverlap(a, b, bToA)).toBe(gap === 0);
    }
  });

  it('degenerate boxes: collinear segments, coplanar rectangles, identical boxes, points', () => {
    const seg = makeObb([0, 0, 0], I, [1, 0, 0]);
    const rot = quatToMatrix([1, 1e-17, 0, 0]);
    expect(obbsOverlap(seg, makeObb([1.5, 0, 0], transpose(rot), [0.5, 0, 0]), rigidOf(I, [0, 0, 0]))).toBe(true);
    expect(obbsOverlap(seg, makeObb([1.5 + 1e-6, 0, 0], I, [0.5, 0, 0]), rigidOf(I, [0, 0, 0]))).toBe(false);
    expect(obbsOverlap(seg, makeObb([0, 1e-6, 0], I, [0.5, 0, 0]), rigidOf(I, [0, 0, 0]))).toBe(false);
    const rect = makeObb([0, 0, 0], I, [1, 1, 0]);
    const turned = quatToMatrix([Math.cos(0.3), 0, 0, Math.sin(0.3)]);
    expect(obbsOverlap(rect, makeObb([1.5, 0.5, 0], transpose(turned), [0.6, 0.6, 0]), rigidOf(I, [0, 0, 0]))).toBe(true);
    expect(obbsOverlap(rect, makeObb([0, 0, 1e-6], I, [1, 1, 0]), rigidOf(I, [0, 0, 0]))).toBe(false);
    const box = makeObb([1, 2, 3], quatToMatrix([0.3, 0.2, 0.1, 0.5]), [1, 2, 3]);
    expect(obbsOverlap(box, box, rigidOf(I, [0, 0, 0]))).toBe(true);
    const pt = makeObb([0, 0, 0], I, [0, 0, 0]);
    expect(obbsOverlap(pt, pt, rigidOf(I, [0, 0, 0]))).toBe(true);
    expect(obbsOverlap(pt, makeObb([1, 1, 1], I, [1, 1, 1]), rigidOf(I, [0, 0, 0]))).toBe(true);
    expect(obbsOverlap(pt, makeObb([1, 1, 1 + 1e-9], I, [1, 1, 1]), rigidOf(I, [0, 0, 0]))).toBe(false);
  });
});
