import { describe, expect, it } from 'vitest';
import { fitSurface } from '../../src/model/fit/fitSurface.js';
import { solveSymmetric, symmetricEigen } from '../../src/model/fit/linalg.js';
import { canonicalAxis, surfaceKindToWorld, type SurfaceKind } from '../../src/model/surfaceKind.js';
import {
  coneSurface,
  cylinderSurface,
  fitInput,
  invertRigid,
  planeSurface,
  randomRigid,
  rng,
  sphereSurface,
  tessellate,
  torusSurface,
  transformMesh,
} from './fitFixtures.js';

/** Compares two kinds numerically (cylinder points compared along the axis line). */
function expectSameKind(a: SurfaceKind, b: SurfaceKind, eps: number): void {
  expect(a.type).toBe(b.type);
  const flat = (k: SurfaceKind): number[] => {
    switch (k.type) {
      case 'plane': return [...k.normal, k.offset];
      case 'cylinder': return [...k.point, ...k.axis, k.radius];
      case 'cone': return [...k.apex, ...k.axis, k.halfAngle];
      case 'sphere': return [...k.center, k.radius];
      case 'torus': return [...k.center, ...k.axis, k.major, k.minor];
      case 'freeform': return [];
    }
  };
  const fa = flat(a), fb = flat(b);
  for (let i = 0; i < fa.length; i++) expect(Math.abs(fa[i]! - fb[i]!), `${a.type}[${i}] ${fa[i]} vs ${fb[i]}`).toBeLessThan(eps);
  expect(Math.abs(a.residual - b.residual)).toBeLessThan(eps);
}

const kinds: SurfaceKind[] = [
  { type: 'plane', normal: [0, 0.6, 0.8], offset: 3.5, residual: 1e-4 },
  { type: 'cylinder', point: [1, 2, 3], axis: [0, 0, 1], radius: 4, residual: 0 },
  { type: 'cone', apex: [-1, 0, 2], axis: [0, -0.6, 0.8], halfAngle: 0.3, residual: 2e-5 },
  { type: 'sphere', center: [5, 5, 5], radius: 2, residual: 0 },
  { type: 'torus', center: [0, 1, 0], axis: [1, 0, 0], major: 10, minor: 1, residual: 0 },
  { type: 'freeform', residual: 0.3 },
];

describe('surfaceKindToWorld', () => {
  it('round trip: T then T⁻¹ is the identity (and axes stay canonical)', () => {
    const rand = rng(42);
    for (let i = 0; i < 20; i++) {
      const t = randomRigid(rand, i % 2 ? 1e4 : 10);
      for (const k of kinds) {
        const w = surfaceKindToWorld(k, t);
        if (w.type === 'cylinder' || w.type === 'torus') expect(canonicalAxis(w.axis)).toEqual(w.axis);
        expectSameKind(surfaceKindToWorld(w, invertRigid(t)), k, 1e-9);
      }
    }
  });

  it('identity changes nothing; a translation moves points and plane offsets only', () => {
    const id = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0]);
    for (const k of kinds) expect(surfaceKindToWorld(k, id)).toEqual(k);
    const tr = new Float64Array([1, 0, 0, 1, 0, 1, 0, 2, 0, 0, 1, 3]);
    const moved = surfaceKindToWorld(kinds[0]!, tr) as Extract<SurfaceKind, { type: 'plane' }>;
    expect(moved.normal).toEqual([0, 0.6, 0.8]);
    expect(moved.offset).toBeCloseTo(3.5 + 1.2 + 2.4, 14);
    expect(moved.residual).toBe(1e-4);
    expect((surfaceKindToWorld(kinds[3]!, tr) as { center: number[] }).center).toEqual([6, 7, 8]);
  });

  it('fitting a moved mesh equals moving the fitted kind (all primitives)', () => {
    const T = 2 * Math.PI;
    const meshes = [
      tessellate(planeSurface(), { u: [0, 3], v: [0, 2], nu: 3, nv: 2 }),
      tessellate(cylinderSurface(3), { u: [0, Math.PI], nu: 12, v: [0, 4], nv: 1 }),
      tessellate(coneSurface(0.5), { u: [0, T], nu: 16, v: [1, 3], nv: 1 }),
      tessellate(sphereSurface(2), { u: [0, T], nu: 12, v: [0.2, 1.2], nv: 3 }),
      tessellate(torusSurface(6, 1), { u: [0, Math.PI], nu: 12, v: [0, T], nv: 12 }),
    ];
    const rand = rng(7);
    for (const mesh of meshes) {
      const local = fitSurface(fitInput(mesh, 1e-6));
      for (let i = 0; i < 4; i++) {
        const t = randomRigid(rand, 1e4);
        const direct = fitSurface(fitInput(transformMesh(mesh, t), 1e-6));
        expectSameKind(direct, surfaceKindToWorld(local, t), 1e-8);
      }
    }
  });

  it('canonical axis: first clearly non-zero component positive', () => {
    expect(canonicalAxis([0, -1, 0])).toEqual([0, 1, 0]);
    expect(canonicalAxis([1e-12, -0.6, 0.8])).toEqual([-1e-12, 0.6, -0.8]);
    expect(canonicalAxis([-0.5, 0.5, Math.SQRT1_2])[0]).toBe(0.5);
  });
});

describe('fit linear algebra', () => {
  it('Jacobi eigen-decomposition reconstructs random symmetric matrices', () => {
    const rand = rng(1);
    for (const n of [2, 3, 4, 6, 7]) {
      for (let rep = 0; rep < 20; rep++) {
        const a = new Float64Array(n * n);
        for (let i = 0; i < n; i++) for (let j = i; j < n; j++) a[i * n + j] = a[j * n + i] = rand() * 2 - 1;
        const { values, vectors } = symmetricEigen(a, n);
        for (let k = 1; k < n; k++) expect(values[k]!).toBeGreaterThanOrEqual(values[k - 1]!);
        for (let i = 0; i < n; i++) {
          for (let j = 0; j < n; j++) {
            let s = 0;
            for (let k = 0; k < n; k++) s += values[k]! * vectors[k * n + i]! * vectors[k * n + j]!;
            expect(Math.abs(s - a[i * n + j]!)).toBeLessThan(1e-12);
          }
        }
      }
    }
  });

  it('solveSymmetric gives the minimum-norm solution of a singular system, never NaN', () => {
    const x = solveSymmetric([1, 0, 0, 0, 0, 0, 0, 0, 0], [2, 5, 0], 3);
    expect(Array.from(x)).toEqual([2, 0, 0]);
    expect(Array.from(solveSymmetric(new Float64Array(9), [1, 1, 1], 3))).toEqual([0, 0, 0]);
    const y = solveSymmetric([4, 1, 1, 3], [1, 2], 2);
    expect(4 * y[0]! + y[1]!).toBeCloseTo(1, 14);
    expect(y[0]! + 3 * y[1]!).toBeCloseTo(2, 14);
  });
});
