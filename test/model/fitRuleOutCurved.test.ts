/**
 * The sphere, cone and torus rule-outs only skip primitives the acceptance test
 * would reject: on random patches of every kind (exact, noisy vertices, normals tilted
 * by up to the angle tolerance, scales 1e-3 and 1e4, thin strips, a handful of vertices),
 * a ruled-out primitive is never one the full fit accepts, and a patch of a kind is never
 * ruled out for that kind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fitSurfaceAttempts } from '../../src/model/fit/fitSurface.js';
import type { FitContext } from '../../src/model/fit/evaluate.js';
import type { Patch } from '../../src/model/fit/patch.js';
import { givenNormalsRuleOutCone, givenNormalsRuleOutTorus } from '../../src/model/fit/ruleOutRevolution.js';
import { givenNormalsRuleOutSphere } from '../../src/model/fit/ruleOutSphere.js';
import { givenNormalsRuleOutConeBand } from '../../src/model/fit/ruleOutConeBand.js';
import { bumpSurface, coneSurface, ellipticCylinderSurface, cylinderSurface, fitInput, planeSurface, randomRigid, rng, sphereSurface, tessellate, torusSurface, transformMesh, type Mesh, type ParamSurface } from './fitFixtures.js';
import { FitScratch } from '../../src/model/fit/fitScratch.js';

const DEG = Math.PI / 180;
const KINDS = ['plane', 'cylinder', 'cone', 'sphere', 'torus', 'freeform', 'cone'] as const;
const RULE_OUTS: Record<'cone' | 'sphere' | 'torus', (p: Patch, c: FitContext) => boolean> = {
  cone: (p, c) => givenNormalsRuleOutCone(p, c) || givenNormalsRuleOutConeBand(p, c),
  sphere: givenNormalsRuleOutSphere,
  torus: givenNormalsRuleOutTorus,
};

function patchOf(kind: number, extent: number, thin: boolean, seed: number): Mesh {
  const e = Math.max(0.05, extent);
  const nv = thin ? 1 : 4;
  const meshes = [
    () => tessellate(planeSurface(), { u: [0, 3], nu: 4, v: [0, thin ? 0.01 : 2], nv }),
    () => tessellate(cylinderSurface(2), { u: [0, 2 * Math.PI * e], nu: 12, v: [0, thin ? 0.01 : 3], nv }),
    () => tessellate(coneSurface(30 * DEG), { u: [0, 2 * Math.PI * e], nu: 12, v: [1, thin ? 1.01 : 3], nv }),
    () => tessellate(sphereSurface(2), { u: [0, 2 * Math.PI * e], nu: 12, v: [Math.PI / 2 - (thin ? 0.01 : (Math.PI / 2) * e), Math.PI / 2], nv }),
    () => tessellate(torusSurface(4, 1), { u: [0, Math.PI * e], nu: 12, v: [0, thin ? 0.01 : 2 * Math.PI * e], nv: thin ? 1 : 8 }),
    () => tessellate(bumpSurface(0.3), { u: [0, 2], nu: 8, v: [0, 2], nv: 8 }),
    // up to the apex: one apex vertex per generator, each with its generator's normal
    () => tessellate(coneSurface((10 + 60 * e) * DEG), { u: [0, 2 * Math.PI * e], nu: 12, v: [0, thin ? 0.05 : 3], nv }),
  ];
  return transformMesh(meshes[kind]!(), randomRigid(rng(seed), 10));
}

/** Scales the mesh, moves vertices by up to `noise` and tilts each normal by up to `tilt` radians. */
function perturb(mesh: Mesh, scale: number, noise: number, tilt: number, seed: number): Mesh {
  const rand = rng(seed ^ 0x5bd1e995);
  const positions = mesh.positions.map((x) => x * scale + (2 * rand() - 1) * noise);
  const normals = mesh.normals ? new Float64Array(mesh.normals) : null;
  if (normals) {
    for (let i = 0; i < normals.length; i += 3) {
      const n = [normals[i]!, normals[i + 1]!, normals[i + 2]!];
      // a unit vector ⟂ n, turned by a random angle below `tilt`
      const r = [2 * rand() - 1, 2 * rand() - 1, 2 * rand() - 1];
      const d = r[0]! * n[0]! + r[1]! * n[1]! + r[2]! * n[2]!;
      const t = [r[0]! - d * n[0]!, r[1]! - d * n[1]!, r[2]! - d * n[2]!];
      const tl = Math.hypot(t[0]!, t[1]!, t[2]!) || 1;
      const a = tilt * rand();
      for (let k = 0; k < 3; k++) normals[i + k] = Math.cos(a) * n[k]! + (Math.sin(a) * t[k]!) / tl;
    }
  }
  return { ...mesh, positions, normals };
}

describe('sphere, cone and torus rule-outs never skip an acceptable primitive', () => {
  it('on random patches, noise, tilted normals, scales 1e-3 and 1e4, thin strips', () => {
    const fired = { cone: 0, sphere: 0, torus: 0 };
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 6 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.boolean(),
        fc.integer({ min: 1, max: 1 << 30 }),
        fc.double({ min: 0.5, max: 60, noNaN: true }),
        fc.constantFrom(1e-3, 1, 1e4),
        fc.constantFrom(0, 1e-5, 1e-3),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (kind, extent, thin, seed, angleDeg, scale, noise, tiltFraction) => {
          const angle = angleDeg * DEG;
          const mesh = perturb(patchOf(kind, extent, thin, seed), scale, noise * scale, tiltFraction * angle, seed);
          const tolerance = 1e-3 * scale;
          const input = { ...fitInput(mesh, tolerance), angleTolerance: angle };
          // diagnostic mode: these rule-outs apply only when stopping, so every fit runs
          const { attempts, patch } = fitSurfaceAttempts(input);
          if (!patch || attempts.length === 0) return;
          const floor = 1e-9 + (64 * Number.EPSILON * Math.max(...patch.origin.map(Math.abs))) / patch.scale;
          const ctx = { tol: tolerance / patch.scale + floor, angleTolerance: angle, scratch: new FitScratch() };
          for (const type of ['cone', 'sphere', 'torus'] as const) {
            if (!RULE_OUTS[type](patch, ctx)) continue;
            fired[type]++;
            expect(attempts.find((a) => a.type === type)!.accepted, `${type} ruled out on a ${KINDS[kind]} patch`).toBe(false);
            // a patch of a kind, with normals within the tolerance, is never ruled out for it
            if (noise === 0) expect(KINDS[kind]).not.toBe(type);
          }
        },
      ),
      { numRuns: 300 },
    );
    // the property is not vacuous: each rule-out proved something
    expect(fired.cone).toBeGreaterThan(0);
    expect(fired.sphere).toBeGreaterThan(0);
    expect(fired.torus).toBeGreaterThan(0);
  });

  it('degenerate inputs (a few vertices, no normals) are never ruled out', () => {
    const tiny = tessellate(sphereSurface(1), { u: [0, 0.5], nu: 1, v: [1, 1.5], nv: 1 });
    for (const normals of [true, false]) {
      const { patch } = fitSurfaceAttempts({ ...fitInput(tiny, 1e-3, { normals }), angleTolerance: 3 * DEG });
      for (const f of Object.values(RULE_OUTS)) expect(f(patch!, { tol: 1e-3, angleTolerance: 3 * DEG, scratch: new FitScratch() })).toBe(false);
    }
  });

  it('rule out the other kinds on exact patches at 1° and 3°', () => {
    const rand = randomRigid(rng(7), 10);
    const patchFor = (m: Mesh): Patch => fitSurfaceAttempts({ ...fitInput(transformMesh(m, rand), 1e-4), angleTolerance: 3 * DEG }).patch!;
    const ctx = { tol: 1e-4, angleTolerance: 3 * DEG, scratch: new FitScratch() };
    // a triaxial ellipsoid's octant: normals spread over 90°, no axis of revolution
    const ellipsoid: ParamSurface = {
      point: (u, v) => [1 * Math.cos(u) * Math.sin(v), 2 * Math.sin(u) * Math.sin(v), 3 * Math.cos(v)],
      normal: (u, v) => {
        const n = [Math.cos(u) * Math.sin(v) / 1, Math.sin(u) * Math.sin(v) / 2, Math.cos(v) / 3];
        const l = Math.hypot(n[0]!, n[1]!, n[2]!);
        return [n[0]! / l, n[1]! / l, n[2]! / l];
      },
    };
    const octant = patchFor(tessellate(ellipsoid, { u: [0.1, 1.4], nu: 12, v: [0.2, 1.4], nv: 12 }));
    expect(givenNormalsRuleOutSphere(octant, ctx)).toBe(true);
    // the axis bound is looser (the whole normal error counts against one line): 1°
    const fine = { tol: 1e-4, angleTolerance: 1 * DEG, scratch: new FitScratch() };
    expect(givenNormalsRuleOutCone(octant, fine)).toBe(true);
    expect(givenNormalsRuleOutTorus(octant, fine)).toBe(true);
    // nearly parallel normal lines (a flat patch or an elliptic cylinder) all nearly meet one
    // line at infinity: the axis bound cannot tell them from a far-away axis, the sphere's can
    const elliptic = patchFor(tessellate(ellipticCylinderSurface(1, 3), { u: [0, 2 * Math.PI], nu: 24, v: [0, 2], nv: 2 }));
    expect(givenNormalsRuleOutSphere(elliptic, ctx)).toBe(true);
    const cone = patchFor(tessellate(coneSurface(30 * DEG), { u: [0, 3], nu: 12, v: [1, 3], nv: 4 }));
    expect(givenNormalsRuleOutSphere(cone, ctx)).toBe(true);
    expect(givenNormalsRuleOutCone(cone, ctx)).toBe(false);
  });
});
