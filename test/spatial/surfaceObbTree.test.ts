// Per-surface OBB trees (surfaceObbTree.ts): every triangle in exactly one leaf, orthonormal
// axes, and every vertex of a node's triangles inside its box, for soups of any shape (slivers,
// collinear and repeated triangles) at any scale and offset.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { partFromMesh } from '../../src/index.js';
import { buildSurfaceObbTree, OBB_LEAF, OBB_NODE } from '../../src/spatial/surfaceObbTree.js';

const coordinate = fc.oneof(fc.integer({ min: -8, max: 8 }), fc.double({ min: -4, max: 4, noNaN: true }));
const triangle = fc.oneof(
  { weight: 4, arbitrary: fc.array(coordinate, { minLength: 9, maxLength: 9 }) },
  // A sliver: two vertices 1e-7 apart, the third far.
  { weight: 1, arbitrary: fc.tuple(coordinate, coordinate, coordinate).map(([x, y, z]) => [x, y, z, x + 1e-7, y, z, x + 3, y + 5, z - 2]) },
  // Collinear, and a point.
  { weight: 1, arbitrary: fc.tuple(coordinate, coordinate).map(([x, y]) => [x, y, 0, x + 1, y + 2, 0, x + 2, y + 4, 0]) },
  { weight: 1, arbitrary: fc.tuple(coordinate, coordinate).map(([x, y]) => [x, y, 1, x, y, 1, x, y, 1]) },
);

describe('surfaceObbTree', () => {
  it('holds every triangle in one leaf, and every vertex inside its leaf and all its ancestors (any soup, 2^-30 … 1e6, offsets 1e6)', () => {
    fc.assert(
      fc.property(fc.array(triangle, { minLength: 1, maxLength: 60 }), fc.constantFrom(1, 2 ** -30, 1e6, 1e-3), fc.constantFrom(0, 1e6, -3.5), (tris, scale, offset) => {
        const positions = tris.flatMap((t) => t.map((v) => v * scale + offset));
        const indices = tris.flatMap((_, i) => [3 * i, 3 * i + 1, 3 * i + 2]);
        const part = partFromMesh({ name: 'soup', positions, indices, surfaces: [{ first: 0, last: tris.length - 1 }] });
        const { boxes, child, shape } = buildSurfaceObbTree(part.surfaces[0]!);
        expect(child.length).toBe(2 * tris.length - 1);
        const seen = new Array<number>(tris.length).fill(0);
        // Walk from the root with the chain of ancestors; check each leaf's vertices against all of them.
        const walk = (node: number, chain: number[]): void => {
          const o = OBB_NODE * node;
          for (let r = 0; r < 3; r++) {
            const len = Math.hypot(boxes[o + 3 + 3 * r]!, boxes[o + 4 + 3 * r]!, boxes[o + 5 + 3 * r]!);
            expect(Math.abs(len - 1)).toBeLessThan(1e-12);
            for (let s = r + 1; s < 3; s++) {
              const dot = boxes[o + 3 + 3 * r]! * boxes[o + 3 + 3 * s]! + boxes[o + 4 + 3 * r]! * boxes[o + 4 + 3 * s]! + boxes[o + 5 + 3 * r]! * boxes[o + 5 + 3 * s]!;
              expect(Math.abs(dot)).toBeLessThan(1e-12);
            }
          }
          const c = child[node]!;
          if ((c & OBB_LEAF) === 0) {
            // A node's shape factor is its subtree's largest.
            expect(shape[node]).toBe(Math.max(shape[c]!, shape[c + 1]!));
            walk(c, [...chain, node]);
            walk(c + 1, [...chain, node]);
            return;
          }
          const t = (c & ~OBB_LEAF) >>> 0;
          seen[t]!++;
          // Its shape factor: ∞ exactly when the triangle has no area (u × v = 0).
          const at = (k: number): number => positions[9 * t + k]!;
          const ux = at(3) - at(0), uy = at(4) - at(1), uz = at(5) - at(2), vx = at(6) - at(0), vy = at(7) - at(1), vz = at(8) - at(2);
          const n1 = Math.abs(uy * vz - uz * vy) + Math.abs(uz * vx - ux * vz) + Math.abs(ux * vy - uy * vx);
          if (n1 === 0) expect(shape[node]).toBe(Infinity);
          else expect(shape[node]).toBeGreaterThan(0);
          for (const n of [...chain, node]) {
            const b = OBB_NODE * n;
            for (let v = 0; v < 3; v++) {
              const p = 3 * indices[3 * t + v]!;
              const dx = positions[p]! - boxes[b]!, dy = positions[p + 1]! - boxes[b + 1]!, dz = positions[p + 2]! - boxes[b + 2]!;
              for (let r = 0; r < 3; r++) {
                const along = dx * boxes[b + 3 + 3 * r]! + dy * boxes[b + 4 + 3 * r]! + dz * boxes[b + 5 + 3 * r]!;
                expect(Math.abs(along), `triangle ${t} vertex ${v} in node ${n} axis ${r}`).toBeLessThanOrEqual(boxes[b + 12 + r]!);
              }
            }
          }
        };
        walk(0, []);
        expect(seen.every((k) => k === 1)).toBe(true);
      }),
      { numRuns: 60 },
    );
  });

  it('gives a flat triangle a flat leaf: its thickness is the containment margin only', () => {
    const part = partFromMesh({ name: 'one', positions: [0, 0, 0, 10, 1, 0, 0, 1, 0], indices: [0, 1, 2], surfaces: [{ first: 0, last: 0 }] });
    const { boxes } = buildSurfaceObbTree(part.surfaces[0]!);
    expect(Math.min(boxes[12]!, boxes[13]!, boxes[14]!)).toBeLessThan(1e-10);
  });
});
