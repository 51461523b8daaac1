/**
 * The algebraic cone and torus starts (coneAlgebraic.ts, torusAlgebraic.ts): on
 * vertices of an exact cone (apex in or out of the patch, 3°–85°) or torus (fat to thin
 * tubes, partial and full rings), any pose and scale, the start is that surface to rounding,
 * so the cone fit keeps it without Levenberg–Marquardt and the torus fit polishes it in a
 * few iterations; on other surfaces the cone start is no cone within tolerance.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { algebraicCone } from '../../src/model/fit/coneAlgebraic.js';
import { coneResiduals, fitCone } from '../../src/model/fit/cone.js';
import { fitTorus, torusResiduals } from '../../src/model/fit/torus.js';
import { algebraicTorus } from '../../src/model/fit/torusAlgebraic.js';
import { fitSurface, fitSurfaceAttempts } from '../../src/model/fit/fitSurface.js';
import { fitCounters, resetFitCounters } from '../../src/model/fit/fitCounters.js';
import { maxAbs } from '../../src/model/fit/evaluate.js';
import { coneSurface, cylinderSurface, fitInput, randomRigid, rng, sphereSurface, tessellate, torusSurface, transformMesh } from './fitFixtures.js';
import { FitScratch } from '../../src/model/fit/fitScratch.js';

const DEG = Math.PI / 180;

describe('algebraic cone and torus starts', () => {
  it('is exact on cone vertices: the cone fit keeps it (no Levenberg–Marquardt)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 3, max: 85, noNaN: true }),
        fc.double({ min: 0, max: 2, noNaN: true }),
        fc.integer({ min: 3, max: 6 }),
        fc.constantFrom(1e-3, 1, 1e3),
        fc.integer({ min: 1, max: 1 << 30 }),
        (alphaDeg, t0, nv, scale, seed) => {
          const local = tessellate(coneSurface(alphaDeg * DEG), { u: [0, 2.5], nu: 10, v: [t0, t0 + 1], nv });
          const mesh = transformMesh(local, randomRigid(rng(seed), 10));
          const scaled = { ...mesh, positions: mesh.positions.map((x) => x * scale) };
          const input = { ...fitInput(scaled, 1e-5 * scale), angleTolerance: 3 * DEG };
          const { patch } = fitSurfaceAttempts(input);
          const cone = algebraicCone(patch!)!;
          const r = new Float64Array(patch!.count);
          coneResiduals(patch!, cone, r);
          expect(maxAbs(r)).toBeLessThan(1e-8); // local units (patch half-diagonal 1)
          // the cone fit itself keeps it (the cylinder tried before may have run LM)
          resetFitCounters();
          expect(fitCone(patch!, { tol: 1e-5 * scale / patch!.scale, angleTolerance: 3 * DEG, scratch: new FitScratch() })).not.toBeNull();
          expect(fitCounters.lmRuns).toBe(0);
          expect(fitSurface(input).type).toBe('cone');
        },
      ),
      { numRuns: 40 },
    );
  });

  it('is no cone within tolerance on a sphere, cylinder or torus patch', () => {
    const rand = randomRigid(rng(5), 10);
    for (const local of [
      tessellate(sphereSurface(2), { u: [0, 2], nu: 8, v: [0.1, 1], nv: 4 }),
      tessellate(cylinderSurface(1), { u: [0, 3], nu: 8, v: [0, 2], nv: 3 }),
      tessellate(torusSurface(4, 1), { u: [0, 1.5], nu: 8, v: [0, 3], nv: 6 }),
    ]) {
      const { patch } = fitSurfaceAttempts({ ...fitInput(transformMesh(local, rand), 1e-4), angleTolerance: 3 * DEG });
      const cone = algebraicCone(patch!);
      if (!cone) continue;
      const r = new Float64Array(patch!.count);
      coneResiduals(patch!, cone, r);
      expect(maxAbs(r)).toBeGreaterThan(1e-3);
    }
  });

  it('is within 1e-5 (local) of exact tori; the torus fit polishes it in a few Levenberg–Marquardt iterations', () => {
    let polished = 0;
    fc.assert(
      fc.property(
        fc.double({ min: 1.2, max: 40, noNaN: true }),
        fc.double({ min: 0.5, max: 2 * Math.PI, noNaN: true }),
        // a quarter of the tube and more (io1's fillets); narrower bands are ill-conditioned
        // for the quartic and fall back to the fit from the normals
        fc.double({ min: Math.PI / 2, max: 2 * Math.PI, noNaN: true }),
        fc.constantFrom(1e-3, 1, 1e3),
        fc.integer({ min: 1, max: 1 << 30 }),
        (major, arcU, arcV, scale, seed) => {
          const local = tessellate(torusSurface(major, 1), { u: [0, arcU], nu: 12, v: [0.1, 0.1 + arcV], nv: 6 });
          const mesh = transformMesh(local, randomRigid(rng(seed), 10));
          // normals a few degrees off (as at io1's coarse faces): the start from them needs LM
          const rand = rng(seed ^ 0x1234);
          const normals = mesh.normals!.map((x) => x + 0.1 * (rand() - 0.5));
          const scaled = { ...mesh, normals, positions: mesh.positions.map((x) => x * scale) };
          const { patch } = fitSurfaceAttempts({ ...fitInput(scaled, 1e-3 * scale), angleTolerance: 3 * DEG });
          const torus = algebraicTorus(patch!)!;
          const r = new Float64Array(patch!.count);
          torusResiduals(patch!, torus, r);
          const residual = maxAbs(r);
          // local units (patch half-diagonal 1): the quartic's conditioning, not the data, limits it
          expect(residual).toBeLessThan(1e-5);
          const tol = (1e-3 * scale) / patch!.scale;
          resetFitCounters();
          const fit = fitTorus(patch!, { tol, angleTolerance: 3 * DEG, scratch: new FitScratch() })!;
          expect(fit).not.toBeNull();
          if (residual <= tol && fitCounters.lmRuns > 0) {
            // polished from the algebraic start: one run of a few iterations, to rounding
            polished++;
            expect(fitCounters.lmRuns).toBe(1);
            expect(fitCounters.lmIterations).toBeLessThanOrEqual(6);
            torusResiduals(patch!, fit, r);
            expect(maxAbs(r)).toBeLessThan(1e-12);
          }
        },
      ),
      { numRuns: 40 },
    );
    expect(polished).toBeGreaterThan(20);
  });
});
