// What every scenario receives, and the assemblies they share.
import { loadAssembly, type Assembly, type Part } from '../../entries/index.js';
import { makePeer, type PeerPart } from './peer.js';
import { note } from './util.js';

export interface BenchOptions {
  quick: boolean;
}

export interface ScenarioOutput {
  /** Figures for bench-results.json. */
  json: unknown;
  /** Target checks this scenario can decide. */
  targets: TargetCheck[];
}

export interface TargetCheck {
  target: string;
  where: string;
  value: string;
  met: boolean;
}

const assemblies = new Map<string, Promise<Assembly>>();

/** True once this process has read a CAD file (occt-import-js's WASM is started and warm). */
export function occtWarm(): boolean {
  return assemblies.size > 0;
}

/** Loads (once per process) an assembly at occt-import-js's default tessellation. */
export function sharedAssembly(path: string): Promise<Assembly> {
  let a = assemblies.get(path);
  if (!a) {
    note(`loading ${path}`);
    a = loadAssembly(path);
    assemblies.set(path, a);
  }
  return a;
}

const peers = new WeakMap<Part, PeerPart>();

/** The peer's BVH for a part, built once. */
export function peerOf(part: Part): PeerPart {
  let p = peers.get(part);
  if (!p) {
    p = makePeer(part);
    peers.set(part, p);
  }
  return p;
}

/** The part with this path; failing that, the only part named like the path's last segment. */
export function findPartByPath(parts: Part[], path: string): Part {
  const last = path.split('/').pop()!;
  const byName = parts.filter((p) => p.name === last || p.path.split('/').pop() === last);
  const part = parts.find((p) => p.path === path) ?? (byName.length === 1 ? byName[0] : undefined);
  if (!part) throw new Error(`bench: no part "${path}"; parts: ${parts.map((p) => p.path).join(', ')}`);
  return part;
}
