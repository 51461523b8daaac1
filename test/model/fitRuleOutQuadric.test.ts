/**
 * The vertex-only proof that no cylinder, cone or sphere fits (ruleOutQuadric.ts)
 * never fires where one does, by construction: vertices moved off an exact cylinder, cone
 * (apex included) or sphere by up to the tolerance, also exactly the tolerance with
 * alternating signs, at scales 1e-3 to 1e4. Where it fires, the full fit (diagnostics, no
 * proof) accepts none of the three and fitSurface returns the same kind; and fitSurface with
 * every early exit (rule-outs, proofs after a far-off start) returns the full fit's kind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitSurface, fitSurfaceAttempts } from '../../src/model/fit/fitSurface.js';
import { fitCounters, resetFitCounters } from '../../src/model/fit/fitCounters.js';
import { quadricsRuledOut } from '../../src/model/fit/ruleOutQuadric.js';
import { bumpSurface, coneSurface, cylinderSurface, ellipticCylinderSurface, fitInput, randomRigid, rng, sphereSurface, tessellate, torusSurface, transformMesh } from './fitFixtures.js';
import { DEG, displace, expectSilentNearQuadrics, localCtx } from './ruleOutFixtures.js';

describe('no-quadric proof (ruleOutQuadric.ts)', () => {
  it('never fires on vertices within the tolerance of a cylinder, cone or sphere', () => {
    expectSilentNearQuadrics(quadricsRuledOut, 3, 200);
  });

  it('where it fires, the full fit accepts no cylinder, cone or sphere and fitSurface agrees', () => {
    let fired = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -6, max: -1, noNaN: true }),
        fc.integer({ min: 1, max: 1 << 30 }),
        (kind, shape, logTol, seed) => {
          // tori from nearly-cylindrical (huge major radius) to fat, a bump, elliptic cylinders: borderline to clear misfits
          const surface = kind === 0 ? torusSurface(1.2 + 10 ** (4 * shape), 1) : kind === 1 ? bumpSurface(0.02 + shape) : ellipticCylinderSurface(1, 1 + 2 * shape);
          const grid = kind === 0 ? { u: [0, 0.2 + shape] as [number, number], nu: 8, v: [0, 1.5] as [number, number], nv: 6 } : { u: [0, 2] as [number, number], nu: 7, v: [0, 2] as [number, number], nv: 7 };
          const mesh = transformMesh(tessellate(surface, grid), randomRigid(rng(seed), 10));
          const tolerance = 10 ** logTol;
          const input = { ...fitInput(mesh, tolerance), angleTolerance: 30 * DEG };
          const { attempts, patch } = fitSurfaceAttempts(input);
          if (!patch) return;
          if (!quadricsRuledOut(patch, localCtx(patch, tolerance))) return;
          fired++;
          for (const a of attempts) if (a.type === 'cylinder' || a.type === 'cone' || a.type === 'sphere') expect(a.accepted, a.type).toBe(false);
          const full = attempts.find((a) => a.accepted)?.type ?? 'freeform';
          expect(fitSurface(input).type).toBe(full);
        },
      ),
      { numRuns: 120 },
    );
    expect(fired).toBeGreaterThan(20); // not vacuous
  });

  it('io1-like quarter-torus ring at a coarse tolerance: proved once, no quadric refined, still a torus', () => {
    // vertices on a torus (major 30, minor 1) over the whole ring, a quarter of the tube
    const mesh = transformMesh(tessellate(torusSurface(30, 1), { u: [0, 2 * Math.PI], nu: 48, v: [0, Math.PI / 2], nv: 7 }), randomRigid(rng(3), 50));
    resetFitCounters();
    const kind = fitSurface({ ...fitInput(mesh, 6.4e-3), angleTolerance: 28 * DEG });
    expect(kind.type).toBe('torus');
    expect(fitCounters.quadricRuledOut).toBe(1);
    // exact vertices: the torus's closed-form start is kept, and no quadric reached Levenberg–Marquardt
    expect(fitCounters.lmRuns).toBe(0);
  });
});

describe('fitSurface with every early exit agrees with the full fit', () => {
  it('same kind as the first accepted attempt of the diagnostic fit (no proofs) on random, noisy, borderline patches', () => {
    const kinds = new Set<string>();
    resetFitCounters();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 1 << 30 }),
        fc.double({ min: 3, max: 40, noNaN: true }),
        fc.constantFrom(0, 0.5, 1, 2, 10),
        (kind, shape, seed, angleDeg, noiseInTolerances) => {
          const surfaces = [
            () => tessellate(cylinderSurface(0.3 + 3 * shape), { u: [0, 1 + 4 * shape], nu: 8, v: [0, 2], nv: 3 }),
            () => tessellate(coneSurface((5 + 70 * shape) * DEG), { u: [0, 1 + 5 * shape], nu: 8, v: [shape < 0.3 ? 0 : 1, 3], nv: 3 }),
            () => tessellate(sphereSurface(1 + shape), { u: [0, 1 + 5 * shape], nu: 8, v: [0.2, 0.4 + shape], nv: 4 }),
            () => tessellate(torusSurface(2 + 30 * shape, 1), { u: [0, 1 + 5 * shape], nu: 10, v: [0, 1.6], nv: 5 }),
            () => tessellate(bumpSurface(0.01 + 0.3 * shape), { u: [0, 2], nu: 6, v: [0, 2], nv: 6 }),
            () => tessellate(ellipticCylinderSurface(1, 1 + 0.2 * shape), { u: [0, 3], nu: 10, v: [0, 1], nv: 2 }),
            () => tessellate(torusSurface(30, 1), { u: [0, 2 * Math.PI * (0.2 + 0.8 * shape)], nu: 24, v: [0, Math.PI / 2], nv: 6 }),
          ];
          const tolerance = 1e-3;
          const exact = transformMesh(surfaces[kind]!(), randomRigid(rng(seed), 10));
          const mesh = noiseInTolerances > 0 ? displace(exact, noiseInTolerances * tolerance, shape < 0.5, seed) : exact;
          const input = { ...fitInput(mesh, tolerance), angleTolerance: angleDeg * DEG };
          const full = fitSurfaceAttempts(input).attempts.find((a) => a.accepted)?.type ?? 'freeform';
          kinds.add(full);
          expect(fitSurface(input).type).toBe(full);
        },
      ),
      { numRuns: 200 },
    );
    expect(kinds.size).toBeGreaterThanOrEqual(5); // every primitive and freeform showed up
    // the early exits were exercised: proofs after a far-off start, and the no-quadric proof
    expect(fitCounters.startsRuledOut).toBeGreaterThan(10);
    expect(fitCounters.quadricRuledOut).toBeGreaterThan(5);
  });
});
