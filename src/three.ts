/**
 * surfcd/three — the three.js bridge (three is a peer dependency of this entry only).
 * Parts to and from BufferGeometry (surface i = groups[i] both ways), poses from
 * Object3D.matrixWorld.
 */
import { BufferAttribute, BufferGeometry } from 'three';
import type { ContactGeometry } from './collide/contactGeometry.js';
import type { Part } from './model/types.js';
import { partGeometryArrays } from './three/geometryArrays.js';

export { partFromGeometry, type GeometryLike, type AttributeLike } from './spatial/geometry.js';
export { poseOf, type Object3DLike } from './three/pose.js';
export { partGeometryArrays, type PartGeometryArrays } from './three/geometryArrays.js';

/**
 * A BufferGeometry of the part in its own frame: Float32 positions and normals (the CAD
 * normals, or computed ones when the part has none), one group per surface in surface order
 * (group i = surface i, `materialIndex` 0), and `userData.surfcd = { path, name, part }`.
 * Place it with the part's pose; `partFromGeometry` of it gives the same surfaces back.
 */
export function toBufferGeometry(part: Part): BufferGeometry {
  const arrays = partGeometryArrays(part);
  const geometry = new BufferGeometry();
  geometry.name = part.path;
  geometry.setAttribute('position', new BufferAttribute(arrays.positions, 3));
  geometry.setIndex(new BufferAttribute(arrays.index, 1));
  for (const g of arrays.groups) geometry.addGroup(g.start, g.count, g.materialIndex);
  if (arrays.normals) geometry.setAttribute('normal', new BufferAttribute(arrays.normals, 3));
  else geometry.computeVertexNormals();
  geometry.computeBoundingBox();
  geometry.computeBoundingSphere();
  geometry.userData = { surfcd: { path: part.path, name: part.name, part: part.index } };
  return geometry;
}

/**
 * The contact segments of a `collide(…, { geometry: true })` result as one BufferGeometry
 * (Float32 world positions, 2 vertices per segment) for `THREE.LineSegments`; one group per
 * surface pair, in `contactGeometry` order, so a pair can be styled or hidden alone.
 */
export function contactLinesGeometry(contacts: readonly ContactGeometry[] | undefined): BufferGeometry {
  const list = contacts ?? [];
  const total = list.reduce((n, c) => n + c.segments.length, 0);
  const positions = new Float32Array(total);
  const geometry = new BufferGeometry();
  let offset = 0;
  for (const c of list) {
    positions.set(c.segments, offset);
    geometry.addGroup(offset / 3, c.segments.length / 3, 0);
    offset += c.segments.length;
  }
  geometry.setAttribute('position', new BufferAttribute(positions, 3));
  geometry.computeBoundingSphere();
  return geometry;
}
