import { describe, expect, it } from 'vitest';
import { bruteForceCollide, collide, distance, findContacts, timeOfImpact, partFromGeometry, partFromMesh, recognizeConstraints, SurfcdError, type Assembly, type Part } from '../../src/index.js';

const I = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
const triangle = (name: string, z = 0): Part => partFromMesh({ name, positions: [0, 0, z, 1, 0, z, 0, 1, z], indices: [0, 1, 2] });
const assemblyOf = (parts: Part[]): Assembly => ({ name: 'a', units: 'mm', root: { name: '', path: '', children: [], parts: parts.map((_, i) => i) }, parts });

function thrown(work: () => unknown): SurfcdError {
  try {
    work();
  } catch (error) {
    expect(error).toBeInstanceOf(SurfcdError);
    return error as SurfcdError;
  }
  throw new Error('expected a SurfcdError');
}

describe('8. every public function validates its arguments (SurfcdError, never a raw TypeError)', () => {
  const a = triangle('a'), b = triangle('b');
  it('collide and bruteForceCollide name the argument', () => {
    for (const [fn, name] of [[collide, 'collide'], [bruteForceCollide, 'bruteForceCollide']] as const) {
      expect(thrown(() => fn(null as never, I, b, I)).message).toBe(`${name}: a must be a Part (from loadAssembly, partFromMesh or partFromGeometry), got null`);
      expect(thrown(() => fn(a, I, {} as never, I)).message).toMatch(new RegExp(`^${name}: b must be a Part .*got an object \\(no fields\\)`));
      const pose = thrown(() => fn(a, null as never, b, I));
      expect(pose.code).toBe('INVALID_POSE');
      expect(pose.message).toMatch(new RegExp(`^${name}: poseA is null; pass a 4×4 matrix \\(the identity`));
    }
  });
  it('findContacts: null, a non-assembly, the same part twice, a null pose, null options', () => {
    expect(thrown(() => findContacts(null as never)).message).toBe('findContacts: expected an Assembly (from loadAssembly), got null');
    expect(thrown(() => findContacts({ parts: [null] } as never)).message).toMatch(/^findContacts: assembly\.parts\[0\] must be a Part/);
    const twice = thrown(() => findContacts(assemblyOf([a, a])));
    expect(twice.code).toBe('INVALID_ARGUMENT');
    expect(twice.message).toBe('findContacts: assembly.parts[1] ("a") is the same Part object as an earlier entry; each part must appear once');
    expect(thrown(() => findContacts(assemblyOf([a, triangle('a')]))).message).toBe('findContacts: two parts share the path "a"; paths must be unique');
    const nullPose = thrown(() => findContacts(assemblyOf([a, b]), { poses: { a: null as never } }));
    expect(nullPose.code).toBe('INVALID_POSE');
    expect(nullPose.message).toMatch(/pose of part "a" is null/);
    expect(thrown(() => findContacts(assemblyOf([a, b]), null as never)).message).toBe('findContacts: options must be an object, got null');
    // and the valid call still finds the coplanar overlap
    expect(findContacts(assemblyOf([a, b])).contacts).toHaveLength(1);
  });
  it('partFromMesh / partFromGeometry: malformed input is INVALID_MESH naming the field', () => {
    expect(thrown(() => partFromMesh(null as never)).message).toBe('partFromMesh: expected {name, positions, indices, surfaces}, got null');
    const s = thrown(() => partFromMesh({ name: 'x', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], surfaces: [null as never] }));
    expect(s.code).toBe('INVALID_MESH');
    expect(s.message).toBe('partFromMesh: surfaces[0] must be {first, last}, got null');
    expect(thrown(() => partFromMesh({ name: 'x', positions: [0, 0, 0, 1, 0, 0, 0, 1, 0], surfaces: 'all' as never })).message).toMatch(/surfaces must be an array/);
    expect(thrown(() => partFromGeometry(null as never)).code).toBe('INVALID_MESH');
  });
  it('motion queries: a null pose is an error, not the identity', () => {
    const e = thrown(() => timeOfImpact(a, null as never, b, I, [0, 0, 1]));
    expect(e.code).toBe('INVALID_POSE');
    expect(e.message).toMatch(/^timeOfImpact: poseA is null/);
    expect(thrown(() => distance(a, I, b, null as never)).message).toMatch(/^distance: poseB is null/);
  });
  it('recognizeConstraints: a non-assembly and null options', () => {
    expect(thrown(() => recognizeConstraints(null as never)).message).toBe('recognizeConstraints: expected an Assembly (from loadAssembly), got null');
    expect(thrown(() => recognizeConstraints(assemblyOf([a, b]), null as never)).message).toBe('recognizeConstraints: options must be an object, got null');
  });
});
