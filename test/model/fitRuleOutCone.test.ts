/**
 * The vertex-only proof that no cylinder or cone fits, spheres allowed
 * (ruleOutQuadric.ts `conesAndCylindersRuledOut`, issue 14), by construction: it never fires
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
import type { Patch } from '../../src/model/fit/patch.js';
import { coneSurface, cylinderSurface, fitInput, randomRigid, rng, sphereSurface, tessellate, transformMesh, type Mesh } from './fitFixtures.js';

const DEG = Math.PI / 180;

/** fitSurface's local tolerance for the patch (fitSurface.ts: model tolerance / scale + rounding floor). */
function localCtx(patch: Patch, tolerance: number): { tol: number; angleTolerance: number } {
  const floor = 1e-9 + (64 * Number.EPSILON * Math.max(...patch.origin.map(Math.abs))) / patch.scale;
  return { tol: tolerance / patch.scale + floor, angleTolerance: 3 * DEG };
}

/** Every vertex moved by ±tol along its normal (alternating) when `edge`, else by up to tol in a random direction. */
function displace(mesh: Mesh, tol: number, edge: boolean, seed: number): Mesh {
  const rand = rng(seed ^ 0x5bd1e995);
  const positions = new Float64Array(mesh.positions);
  const n = mesh.normals!;
  for (let i = 0; i < positions.length; i += 3) {
    let d: number[];
    if (edge) d = [n[i]!, n[i + 1]!, n[i + 2]!].map((x) => x * (i % 2 === 0 ? 1 : -1));
    else {
      const r = [2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1];
      const l = Math.hypot(r[0]!, r[1]!, r[2]!) || 1;
      d = r.map((x) => (x / l) * rand());
    }
    for (let k = 0; k < 3; k++) positions[i + k] = positions[i + k]! + tol * d[k]!;
  }
  return { ...mesh, positions };
}

function coneOrCylinder(kind: number, shape: number, extent: number, nu: number, nv: number): Mesh {
  const e = Math.max(0.05, extent);
  if (kind === 0) return tessellate(cylinderSurface(0.05 + 4 * shape), { u: [0, 2 * Math.PI * e], nu, v: [0, 3], nv });
  // from the apex, or a band away from it; half-angle 1°…89°
  const band = kind === 2;
  return tessellate(coneSurface((1 + 88 * shape) * DEG), { u: [0, 2 * Math.PI * e], nu, v: band ? [2, 3 + 20 * shape] : [0, 3], nv });
}

describe('no-cone-or-cylinder proof from the vertices', () => {
  it('never fires on vertices within the tolerance of a cylinder or cone', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 3, max: 12 }),
        fc.integer({ min: 2, max: 6 }),
        fc.constantFrom(1e-3, 1, 1e4),
        fc.double({ min: -7, max: -1, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1 << 30 }),
        (kind, shape, extent, nu, nv, scale, logTol, edge, seed) => {
          const tolerance = 10 ** logTol * scale;
          const exact = transformMesh(coneOrCylinder(kind, shape, extent, nu, nv), randomRigid(rng(seed), 10));
          const mesh = displace({ ...exact, positions: exact.positions.map((x) => x * scale) }, tolerance, edge, seed);
          const { patch } = fitSurfaceAttempts({ ...fitInput(mesh, tolerance), angleTolerance: 3 * DEG });
          if (!patch) return;
          expect(conesAndCylindersRuledOut(patch, localCtx(patch, tolerance))).toBe(false);
        },
      ),
      { numRuns: 250 },
    );
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
          const mesh = noise > 0 ? displace(exact, noise * tolerance, seed % 2 === 0, seed) : exact;
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
