// Not-a-Part where a part goes is one error everywhere: INVALID_ARGUMENT, naming the function
// and the argument (collide and the motion queries used to disagree on code and wording).
import { describe, expect, it } from 'vitest';
import { collide, distance, partFromMesh, SurfcdError, timeOfImpact } from '../../src/index.js';

const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const part = partFromMesh({ name: 'p', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], indices: [0, 1, 2] });

/** The SurfcdError `work` throws. */
function thrown(work: () => unknown): SurfcdError {
  const error = ((): unknown => { try { work(); } catch (e) { return e; } return null; })();
  expect(error).toBeInstanceOf(SurfcdError);
  return error as SurfcdError;
}

describe('a non-Part argument', () => {
  it('is INVALID_ARGUMENT from collide, timeOfImpact and distance alike', () => {
    const fromCollide = thrown(() => collide(part, I, { surfaces: [] } as never, I));
    const fromToi = thrown(() => timeOfImpact({ surfaces: [] } as never, I, part, I, [0, 0, 1]));
    const fromDistance = thrown(() => distance(part, I, null as never, I));
    for (const error of [fromCollide, fromToi, fromDistance]) expect(error.code).toBe('INVALID_ARGUMENT');
    expect(fromCollide.message).toMatch(/^collide: b must be a Part \(from loadAssembly, partFromMesh or partFromGeometry\), got /);
    expect(fromToi.message).toMatch(/^timeOfImpact: part A must be a Part \(from loadAssembly, partFromMesh or partFromGeometry\), got /);
    expect(fromDistance.message).toBe('distance: part B must be a Part (from loadAssembly, partFromMesh or partFromGeometry), got null');
  });
});
