// Raw triangle meshes in one file, so a cold child process gets exactly the triangles the
// parent imported without paying for occt-import-js: JSON header + Float64/Uint32 arrays.
export interface RawMesh {
  positions: Float64Array;
  indices: Uint32Array;
  surfaces: { first: number; last: number }[];
}

export function writeMeshes(meshes: RawMesh[]): Uint8Array {
  const header = meshes.map((m) => ({ p: m.positions.length, i: m.indices.length, s: m.surfaces }));
  const json = new TextEncoder().encode(JSON.stringify(header));
  let size = 8 + ((json.length + 7) & ~7);
  for (const m of meshes) size += m.positions.byteLength + ((m.indices.byteLength + 7) & ~7);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, json.length, true);
  out.set(json, 8);
  let at = 8 + ((json.length + 7) & ~7);
  for (const m of meshes) {
    out.set(new Uint8Array(m.positions.buffer, m.positions.byteOffset, m.positions.byteLength), at);
    at += m.positions.byteLength;
    out.set(new Uint8Array(m.indices.buffer, m.indices.byteOffset, m.indices.byteLength), at);
    at += (m.indices.byteLength + 7) & ~7;
  }
  return out;
}

export function readMeshes(bytes: Uint8Array): RawMesh[] {
  const buf = bytes.byteOffset % 8 === 0 ? bytes : bytes.slice();
  const jsonLength = new DataView(buf.buffer, buf.byteOffset).getUint32(0, true);
  const header = JSON.parse(new TextDecoder().decode(buf.subarray(8, 8 + jsonLength))) as { p: number; i: number; s: RawMesh['surfaces'] }[];
  let at = buf.byteOffset + 8 + ((jsonLength + 7) & ~7);
  return header.map((h) => {
    const positions = new Float64Array(buf.buffer, at, h.p).slice();
    at += 8 * h.p;
    const indices = new Uint32Array(buf.buffer, at, h.i).slice();
    at += (4 * h.i + 7) & ~7;
    return { positions, indices, surfaces: h.s };
  });
}
