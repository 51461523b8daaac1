/**
 * The normal-based rule-outs only skip primitives the acceptance test would
 * reject: on random exact and perturbed patches of every kind, a ruled-out plane or
 * cylinder is never one that fitting would have accepted, and a plane or cylinder patch
 * is never ruled out for its own kind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ANGLE_TOLERANCE, fitSurfaceAttempts } from '../../src/model/fit/fitSurface.js';
import { normalScatter } from '../../src/model/fit/normalScatter.js';
import { buildPatch } from '../../src/model/fit/patch.js';
import { givenNormalsRuleOutCylinder, givenNormalsRuleOutPlane } from '../../src/model/fit/ruleOut.js';
import { coneSurface, cylinderSurface, fitInput, planeSurface, randomRigid, rng, sphereSurface, tessellate, torusSurface, transformMesh, type Mesh } from './fitFixtures.js';
import { FitScratch } from '../../src/model/fit/fitScratch.js';

const DEG = Math.PI / 180;

/** A patch of one kind with `extent` (0..1) of its natural parameter range. */
function patchOf(kind: number, extent: number, seed: number): Mesh {
  const e = Math.max(0.02, extent);
  const meshes = [
    () => tessellate(planeSurface(), { u: [0, 3], nu: 4, v: [0, 2], nv: 3 }),
    () => tessellate(cylinderSurface(2), { u: [0, 2 * Math.PI * e], nu: 12, v: [0, 3], nv: 2 }),
    () => tessellate(coneSurface(30 * DEG), { u: [0, 2 * Math.PI * e], nu: 12, v: [1, 3], nv: 2 }),
    () => tessellate(sphereSurface(2), { u: [0, 2 * Math.PI], nu: 12, v: [Math.PI / 2 - (Math.PI / 2) * e, Math.PI / 2], nv: 4 }),
    () => tessellate(torusSurface(4, 1), { u: [0, Math.PI * e], nu: 12, v: [0, 2 * Math.PI * e], nv: 8 }),
  ];
  return transformMesh(meshes[kind]!(), randomRigid(rng(seed), 10));
}

describe('normal rule-outs never skip an acceptable primitive', () => {
  it('on random patches of every kind and angle tolerances 0.5° to 60°', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 4 }), fc.double({ min: 0, max: 1, noNaN: true }), fc.integer({ min: 1, max: 1 << 30 }), fc.double({ min: 0.5, max: 60, noNaN: true }), (kind, extent, seed, angleDeg) => {
        const input = { ...fitInput(patchOf(kind, extent, seed), 1e-3), angleTolerance: angleDeg * DEG };
        const { attempts, patch } = fitSurfaceAttempts(input);
        const ctx = { tol: 1e-3 / patch!.scale, angleTolerance: angleDeg * DEG, scratch: new FitScratch() };
        // the plane is still fitted in the diagnostic mode, so its verdict is known
        const plane = attempts.find((a) => a.type === 'plane')!;
        if (givenNormalsRuleOutPlane(patch!, ctx)) expect(plane.accepted).toBe(false);
        if (kind === 0) expect(givenNormalsRuleOutPlane(patch!, ctx)).toBe(false);
        if (kind === 1) expect(givenNormalsRuleOutCylinder(patch!, ctx)).toBe(false);
      }),
      { numRuns: 150 },
    );
  });

  it('a cylinder patch is ruled out as a plane once its normals spread beyond twice the tolerance', () => {
    const patch = buildPatch(fitInput(tessellate(cylinderSurface(1), { u: [0, 60 * DEG], nu: 6, v: [0, 1], nv: 1 }), 1e-3));
    expect(givenNormalsRuleOutPlane(patch, { tol: 1e-3, angleTolerance: DEFAULT_ANGLE_TOLERANCE, scratch: new FitScratch() })).toBe(true);
    expect(givenNormalsRuleOutPlane(patch, { tol: 1e-3, angleTolerance: 45 * DEG, scratch: new FitScratch() })).toBe(false);
  });

  it('builds the normal scatter once per patch, shared by given-only and all when every normal is given', () => {
    const patch = buildPatch(fitInput(tessellate(cylinderSurface(1), { u: [0, 1], nu: 4, v: [0, 1], nv: 1 }), 1e-3));
    const given = normalScatter(patch, true);
    expect(normalScatter(patch, true)).toBe(given);
    expect(normalScatter(patch)).toBe(given);
    const estimated = buildPatch(fitInput(tessellate(cylinderSurface(1), { u: [0, 1], nu: 4, v: [0, 1], nv: 1 }), 1e-3, { normals: false }));
    expect(normalScatter(estimated, true).used).toBe(0);
    expect(normalScatter(estimated).used).toBe(estimated.count);
  });
});
