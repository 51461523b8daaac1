/**
 * The vertex-only proof that no cylinder or cone fits, spheres allowed
 * (ruleOutQuadric.ts `conesAndCylindersRuledOut`), by construction: it never fires
 * on vertices within the tolerance of an exact cylinder or cone (apex included, thin to flat,
 * tolerance-edge displacements, scales 1e-3 to 1e4); it fires on sphere caps and bands
 * (not vacuous), and where it fires the full fit (diagnostics, no proofs) accepts no cylinder
 * or cone and fitSurface returns the full fit's kind with the same parameters.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitSurface, fitSurfaceAttempts } from '../../src/model/fit/fitSurface.js';
import { fitCounters, resetFitCounters } from '../../src/model/fit/fitCounters.js';
import { conesAndCylindersRuledOut } from '../../src/model/fit/ruleOutQuadric.js';
import { fitInput, randomRigid, rng, sphereSurface, tessellate, transformMesh } from './fitFixtures.js';
import { DEG, displace, expectSilentNearQuadrics, localCtx } from './ruleOutFixtures.js';

describe('no-cone-or-cylinder proof from the vertices', () => {
  it('never fires on vertices within the tolerance of a cylinder or cone', () => {
    expectSilentNearQuadrics(conesAndCylindersRuledOut, 2, 250, 0x5bd1e995);
  });

  it('fires on sphere caps and bands; there the full fit accepts no cylinder or cone and fitSurface returns its kind', () => {
    let fired = 0;
    resetFitCounters();
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0.2, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -5, max: -2, noNaN: true }),
        fc.constantFrom(0, 0.5, 1),
        fc.integer({ min: 1, max: 1 << 30 }),
        (radius, extent, band, logTol, noise, seed) => {
          const r = 0.5 + 10 * radius;
          // a cap down from the pole (band 0) or a band between two latitudes
          const top = Math.PI / 2 - band * 1.2;
          const exact = transformMesh(tessellate(sphereSurface(r), { u: [0, 2 * Math.PI * extent], nu: 12, v: [top - 0.3 - 0.6 * extent, top], nv: 5 }), randomRigid(rng(seed), 10 * r));
          const tolerance = 10 ** logTol * r;
          const mesh = noise > 0 ? displace(exact, noise * tolerance, seed % 2 === 0, seed, 0x5bd1e995) : exact;
          const input = { ...fitInput(mesh, tolerance), angleTolerance: 5 * DEG };
          const { attempts, patch } = fitSurfaceAttempts(input);
          if (!patch || !conesAndCylindersRuledOut(patch, localCtx(patch, tolerance))) return;
          fired++;
          for (const a of attempts) if (a.type === 'cylinder' || a.type === 'cone') expect(a.accepted, a.type).toBe(false);
          const full = attempts.find((a) => a.accepted)?.kind ?? null;
          const fast = fitSurface(input);
          if (full) expect(fast).toEqual(full);
          else expect(fast.type).toBe('freeform');
        },
      ),
      { numRuns: 120 },
    );
    expect(fired).toBeGreaterThan(30); // thin bands near a cone, coarse tolerances: no proof, as it should be
    // fitSurface took the shortcut (the cone was given up before any start)
    expect(fitCounters.conesRuledOut).toBeGreaterThan(20);
  });
});
