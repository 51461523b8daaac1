// Fixtures of the vertex-only rule-out proofs' tests (fitRuleOutQuadric, fitRuleOutCone):
// quadric patches of known kind, vertices displaced within the tolerance, fitSurface's local
// tolerance for a patch.
import fc from 'fast-check';
import { expect } from 'vitest';
import { fitSurfaceAttempts } from '../../src/model/fit/fitSurface.js';
import type { Patch } from '../../src/model/fit/patch.js';
import { coneSurface, cylinderSurface, fitInput, randomRigid, rng, sphereSurface, tessellate, transformMesh, type Mesh } from './fitFixtures.js';
import type { FitContext } from '../../src/model/fit/evaluate.js';
import { FitScratch } from '../../src/model/fit/fitScratch.js';

export const DEG = Math.PI / 180;

/** fitSurface's local tolerance for the patch (fitSurface.ts: model tolerance / scale + rounding floor). */
export function localCtx(patch: Patch, tolerance: number): FitContext {
  const floor = 1e-9 + (64 * Number.EPSILON * Math.max(...patch.origin.map(Math.abs))) / patch.scale;
  return { tol: tolerance / patch.scale + floor, angleTolerance: 3 * DEG, scratch: new FitScratch() };
}

/** Moves every vertex by at most `tol`: along its normal by ±tol (alternating) when `edge`, else in a random direction by a random length. */
export function displace(mesh: Mesh, tol: number, edge: boolean, seed: number, salt = 0x27d4eb2d): Mesh {
  const rand = rng(seed ^ salt);
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

export function quadricPatch(kind: number, shape: number, extent: number, nu: number, nv: number): Mesh {
  const e = Math.max(0.05, extent);
  switch (kind) {
    case 0: // cylinder, thin or wide
      return tessellate(cylinderSurface(0.05 + 4 * shape), { u: [0, 2 * Math.PI * e], nu, v: [0, 3], nv });
    case 1: // cone from the apex, half-angle 1°…89°
      return tessellate(coneSurface((1 + 88 * shape) * DEG), { u: [0, 2 * Math.PI * e], nu, v: [0, 3], nv });
    case 2: // cone band away from the apex
      return tessellate(coneSurface((1 + 88 * shape) * DEG), { u: [0, 2 * Math.PI * e], nu, v: [2, 3 + 20 * shape], nv });
    default: // sphere cap or band
      return tessellate(sphereSurface(0.2 + 5 * shape), { u: [0, 2 * Math.PI * e], nu, v: [Math.PI / 2 - (Math.PI / 2) * e, Math.PI / 2 - 0.3 * shape], nv });
  }
}

/**
 * The proof `ruledOut` never fires on a patch of kind 0 … maxKind (quadricPatch) in any frame
 * and scale, its vertices displaced within the tolerance (±tol along the normals, or randomly).
 */
export function expectSilentNearQuadrics(ruledOut: (patch: Patch, ctx: FitContext) => boolean, maxKind: number, numRuns: number, salt?: number): void {
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: maxKind }),
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
        const exact = transformMesh(quadricPatch(kind, shape, extent, nu, nv), randomRigid(rng(seed), 10));
        const mesh = displace({ ...exact, positions: exact.positions.map((x) => x * scale) }, tolerance, edge, seed, salt);
        const { patch } = fitSurfaceAttempts({ ...fitInput(mesh, tolerance), angleTolerance: 3 * DEG });
        if (!patch) return;
        expect(ruledOut(patch, localCtx(patch, tolerance))).toBe(false);
      },
    ),
    { numRuns },
  );
}
