/// <reference lib="dom" />
/** The page payload's parts as typed arrays (the payload carries them as base64). */
import type { PayloadPart } from '../report/pagePayload.js';

export interface DecodedPart {
  path: string;
  name: string;
  color: [number, number, number] | null;
  positions: Float32Array;
  normals: Float32Array | null;
  indices: Uint32Array;
  /** firstTriangle, triangleCount per surface. */
  surfaces: number[];
  deflection: number | null;
}

function decodeBase64(text: string): ArrayBuffer {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes.buffer;
}

export function decodePart(p: PayloadPart): DecodedPart {
  return {
    path: p.path,
    name: p.name,
    color: p.color,
    positions: new Float32Array(decodeBase64(p.positions)),
    normals: p.normals ? new Float32Array(decodeBase64(p.normals)) : null,
    indices: new Uint32Array(decodeBase64(p.indices)),
    surfaces: p.surfaces,
    deflection: p.deflection,
  };
}

