import fc from 'fast-check';
import {
  BoxGeometry,
  BufferAttribute,
  BufferGeometry,
  Group,
  InterleavedBuffer,
  InterleavedBufferAttribute,
  Matrix4,
  Mesh,
  Quaternion,
  TorusGeometry,
  Vector3,
} from 'three';
import { describe, expect, it } from 'vitest';
import { collide, SurfcdError } from '../../src/index.js';
import { contactLinesGeometry, partFromGeometry, poseOf, toBufferGeometry } from '../../src/three.js';

/** The same geometry with position and normal interleaved in one buffer (as GLTFLoader / meshopt give). */
function interleaved(source: BufferGeometry): BufferGeometry {
  const p = source.getAttribute('position'), n = source.getAttribute('normal');
  const data = new Float32Array(p.count * 6);
  for (let i = 0; i < p.count; i++) {
    data.set([n.getX(i), n.getY(i), n.getZ(i), p.getX(i), p.getY(i), p.getZ(i)], 6 * i);
  }
  const buffer = new InterleavedBuffer(data, 6);
  const g = new BufferGeometry();
  g.setAttribute('normal', new InterleavedBufferAttribute(buffer, 3, 0));
  g.setAttribute('position', new InterleavedBufferAttribute(buffer, 3, 3));
  g.setIndex(source.getIndex());
  for (const gr of source.groups) g.addGroup(gr.start, gr.count, gr.materialIndex);
  return g;
}

describe('partFromGeometry reads what three.js reads', () => {
  it('interleaved attributes: positions and normals de-interleaved, not the raw buffer', () => {
    const box = new BoxGeometry(2, 4, 6);
    const plain = partFromGeometry(box, 'plain');
    const mixed = partFromGeometry(interleaved(box), 'mixed');
    expect(Array.from(mixed.positions)).toEqual(Array.from(plain.positions));
    expect(Array.from(mixed.normals!)).toEqual(Array.from(plain.normals!));
    expect(Array.from(mixed.bounds)).toEqual([-1, -2, -3, 1, 2, 3]);
  });

  it('normalized (quantized) integer positions are de-normalized', () => {
    const g = new BufferGeometry();
    g.setAttribute('position', new BufferAttribute(new Int16Array([0, 0, 0, 32767, 0, 0, 0, -32768, 0]), 3, true));
    const part = partFromGeometry(g, 'q');
    expect(Array.from(part.positions)).toEqual([0, 0, 0, 1, 0, 0, 0, -1, 0]);
  });

  it('surface i is groups[i], in array order (not sorted by start); triangles in no group come after', () => {
    const box = new BoxGeometry(1, 1, 1); // 6 groups of 2 triangles
    const g = box.clone();
    g.clearGroups();
    const order = [3, 0, 5, 1]; // faces 2 and 4 in no group
    for (const k of order) g.addGroup(box.groups[k]!.start, box.groups[k]!.count, k);
    const part = partFromGeometry(g, 'shuffled');
    expect(part.surfaces.slice(0, 4).map((s) => s.firstTriangle)).toEqual(order.map((k) => box.groups[k]!.start / 3));
    expect(part.surfaces.slice(4).map((s) => [s.firstTriangle, s.triangleCount])).toEqual([[4, 2], [8, 2]]);
    expect(() => partFromGeometry(Object.assign(box.clone(), { groups: [{ start: 1, count: 3 }] }), 'odd')).toThrowError(/"odd": groups\[0\] \{start: 1, count: 3\} does not cover whole triangles/);
  });

  it('rejects attributes whose items do not fit their array', () => {
    const g = { attributes: { position: { itemSize: 3, count: 4, array: new Float32Array(9) } }, index: null, groups: [] };
    expect(() => partFromGeometry(g, 'short')).toThrowError(/"short": position: 4 items of 3/);
  });
});

describe('toBufferGeometry', () => {
  it('gives Float32 arrays, one group per surface, the path in userData, and reads back to the same part', () => {
    const part = partFromGeometry(new TorusGeometry(1, 0.3, 8, 12).toNonIndexed(), 'torus');
    const geometry = toBufferGeometry(part);
    expect(geometry.getAttribute('position').array).toBeInstanceOf(Float32Array);
    expect(geometry.getAttribute('normal').array).toBeInstanceOf(Float32Array);
    expect(geometry.groups).toEqual(part.surfaces.map((s) => ({ start: 3 * s.firstTriangle, count: 3 * s.triangleCount, materialIndex: 0 })));
    expect(geometry.userData['surfcd']).toEqual({ path: 'torus', name: 'torus', part: 0 });
    const back = partFromGeometry(geometry);
    expect(back.path).toBe('torus');
    expect(back.surfaces.map((s) => [s.firstTriangle, s.triangleCount])).toEqual(part.surfaces.map((s) => [s.firstTriangle, s.triangleCount]));
    expect(Array.from(back.indices)).toEqual(Array.from(part.indices));
  });
});

describe('poseOf (Object3D.matrixWorld → rigid pose)', () => {
  const unit = fc.tuple(fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: -1, max: 1, noNaN: true }), fc.double({ min: 0.1, max: 1, noNaN: true }));
  const offset = fc.tuple(fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }), fc.double({ min: -500, max: 500, noNaN: true }));

  it('under a scaled root, the pose relative to the root is the product of the local matrices', () => {
    fc.assert(
      fc.property(unit, offset, unit, offset, fc.double({ min: 1e-4, max: 1e3, noNaN: true }), (q1, t1, q2, t2, scale) => {
        const root = new Group();
        root.scale.setScalar(scale);
        root.position.set(3, -2, 1);
        const parent = new Group(), child = new Group();
        parent.quaternion.copy(new Quaternion(...q1).normalize());
        parent.position.set(...t1);
        child.quaternion.copy(new Quaternion(...q2).normalize());
        child.position.set(...t2);
        root.add(parent);
        parent.add(child);
        const pose = poseOf(child, root);
        parent.updateMatrix();
        child.updateMatrix();
        const expected = new Matrix4().multiplyMatrices(parent.matrix, child.matrix).elements;
        pose.forEach((v, i) => expect(v).toBeCloseTo(expected[i]!, 6));
      }),
      { numRuns: 60 },
    );
  });

  it('a scaled matrixWorld is not a pose: INVALID_POSE naming the object', () => {
    const root = new Group();
    root.scale.setScalar(0.001);
    const bolt = new Mesh();
    bolt.name = 'bolt';
    root.add(bolt);
    expect(() => poseOf(bolt)).toThrowError(SurfcdError);
    expect(() => poseOf(bolt)).toThrowError(/poseOf\("bolt"\).*not a rigid motion/);
    expect(() => poseOf({} as never)).toThrowError(/poseOf: the object is not an Object3D/);
  });

  it('collide with poses from the scene graph equals collide with the matrices', () => {
    const box = partFromGeometry(new BoxGeometry(1, 1, 1), 'box');
    const torus = partFromGeometry(new TorusGeometry(1, 0.3, 12, 24), 'torus');
    const root = new Group();
    root.scale.setScalar(0.001);
    const a = new Mesh(), b = new Mesh();
    a.position.copy(new Vector3(0.9, 0.1, 0));
    a.rotation.x = 0.3;
    root.add(a, b);
    const fromScene = collide(box, poseOf(a, root), torus, poseOf(b, root));
    a.updateMatrix();
    const direct = collide(box, a.matrix, torus, new Matrix4());
    expect(fromScene.intersecting).toBe(true);
    expect(fromScene.surfacePairs).toEqual(direct.surfacePairs);
  });
});

describe('contactLinesGeometry', () => {
  it('puts every contact segment in one Float32 position attribute, one group per surface pair', () => {
    const box = partFromGeometry(new BoxGeometry(1, 1, 1), 'box');
    const torus = partFromGeometry(new TorusGeometry(1, 0.3, 12, 24), 'torus');
    const pose = new Matrix4().makeRotationX(0.3).setPosition(0.9, 0.1, 0);
    const { contactGeometry } = collide(box, pose, torus, new Matrix4(), { geometry: true });
    const lines = contactLinesGeometry(contactGeometry);
    const position = lines.getAttribute('position');
    expect(position.array).toBeInstanceOf(Float32Array);
    expect(Array.from(position.array)).toEqual(Array.from(Float32Array.from(contactGeometry!.flatMap((c) => [...c.segments]))));
    expect(lines.groups.map((g) => g.count)).toEqual(contactGeometry!.map((c) => c.segments.length / 3));
    expect(position.count).toBeGreaterThan(0);
    expect(contactLinesGeometry(undefined).getAttribute('position').count).toBe(0);
  });
});
