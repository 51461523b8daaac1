import { BoxGeometry, Matrix4, TorusGeometry } from 'three';
import { describe, expect, it } from 'vitest';
import { bruteForceCollide, collide, partFromGeometry, partIndexBytes } from '../../src/index.js';
import { sortedPairs } from '../helpers/soup.js';

describe('partFromGeometry (three.js BufferGeometry, groups = surfaces)', () => {
  it('a BoxGeometry becomes a part with six surfaces of two triangles', () => {
    const part = partFromGeometry(new BoxGeometry(2, 2, 2));
    expect(part.surfaces).toHaveLength(6);
    expect(part.surfaces.every((s) => s.triangleCount === 2)).toBe(true);
    expect(partIndexBytes(part)).toBeGreaterThan(0);
  });

  it('a geometry without groups is one surface, and collide agrees with the oracle on it', () => {
    const torus = partFromGeometry(new TorusGeometry(1, 0.3, 12, 24), 'torus');
    const box = partFromGeometry(new BoxGeometry(1, 1, 1), 'box');
    expect(torus.surfaces).toHaveLength(1);
    const pose = new Matrix4().makeRotationX(0.3).setPosition(0.9, 0.1, 0);
    const id = new Matrix4();
    const result = collide(box, pose, torus, id, { mode: 'all-surfaces' });
    const oracle = bruteForceCollide(box, pose, torus, id, { mode: 'all-surfaces' });
    expect(result.intersecting).toBe(true);
    expect(sortedPairs(result.surfacePairs)).toEqual(sortedPairs(oracle.surfacePairs));
  });

  it('a geometry without a position attribute is rejected', () => {
    expect(() => partFromGeometry({ attributes: {}, index: null, groups: [] }, 'nothing')).toThrowError(/"nothing": geometry has no position attribute/);
  });
});
