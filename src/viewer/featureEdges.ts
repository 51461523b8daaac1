/**
 * Feature edges of an imported part: the B-rep edges. Every surface is one B-rep face,
 * tessellated on its own vertices, so a triangle edge that only one triangle of its surface
 * uses lies on the face's boundary — a B-rep edge. Counting edges per surface with numeric
 * keys is one pass over the triangles, where a crease-angle search over the whole mesh
 * (three's EdgesGeometry) hashes every vertex position and took seconds on 100 000 triangles.
 * Each edge shared by two faces comes out twice (once per face); drawn twice, it looks the same.
 */
export function featureEdges(indices: Uint32Array, surfaces: readonly number[], vertexCount: number): Uint32Array {
  const out: number[] = [];
  const uses = new Map<number, number>();
  for (let s = 0; s < surfaces.length; s += 2) {
    uses.clear();
    const first = surfaces[s]!, end = first + surfaces[s + 1]!;
    for (let t = first; t < end; t++) {
      for (let k = 0; k < 3; k++) {
        const a = indices[3 * t + k]!, b = indices[3 * t + ((k + 1) % 3)]!;
        const key = a < b ? a * vertexCount + b : b * vertexCount + a;
        uses.set(key, (uses.get(key) ?? 0) + 1);
      }
    }
    for (const [key, n] of uses) if (n === 1) out.push(Math.floor(key / vertexCount), key % vertexCount);
  }
  return Uint32Array.from(out);
}
