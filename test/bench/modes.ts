// The three S-CD modes and the peer call each one is compared against.
import type { Matrix4 } from 'three';
import { collide, type CollideMode, type CollideOptions, type Part } from '../../entries/index.js';
import { peerAllPairs, peerIntersects, type PeerPart } from './peer.js';
import { sink, type Summary } from './util.js';

export interface ModeSpec {
  mode: CollideMode;
  peerName: string;
}

export const MODES: ModeSpec[] = [
  { mode: 'first-surface', peerName: 'intersectsGeometry' },
  { mode: 'all-surfaces', peerName: 'bvhcast' },
  { mode: 'all-triangles', peerName: 'bvhcast' },
];

const optionCache = new Map<string, CollideOptions>();

/** Frozen option objects, so a timed loop allocates none. */
export function optionsFor(mode: CollideMode, oaabb = true, tolerance = 0): CollideOptions {
  const key = `${mode}/${oaabb}/${tolerance}`;
  let o = optionCache.get(key);
  if (!o) {
    o = Object.freeze({ mode, oaabb, tolerance });
    optionCache.set(key, o);
  }
  return o;
}

/** One surfcd query; returns a number derived from the answer (for the sink). */
export function surfcdQuery(a: Part, poseA: Matrix4, b: Part, poseB: Matrix4, options: CollideOptions): number {
  const r = collide(a, poseA, b, poseB, options);
  return r.trianglePairs ? r.trianglePairs.length : r.surfacePairs.length;
}

const pairScratch: number[] = [];
const setScratch = new Set<number>();

/**
 * The peer's call for a mode; returns a number derived from the answer (for the sink).
 * all-surfaces and all-triangles share one call (see peerAllPairs), so `peerKey` tells
 * the timing loops to measure it once.
 */
export function peerQuery(mode: CollideMode, a: PeerPart, poseA: Matrix4, b: PeerPart, poseB: Matrix4): number {
  if (mode === 'first-surface') return peerIntersects(a, poseA, b, poseB) ? 1 : 0;
  return peerAllPairs(a, poseA, b, poseB, pairScratch, setScratch) + setScratch.size;
}

export function peerKey(mode: CollideMode): string {
  return mode === 'first-surface' ? 'intersectsGeometry' : 'bvhcast';
}

export function consume(v: number): void {
  sink.value += v;
}

export interface ModeTiming {
  mode: CollideMode;
  peer: string;
  surfcd: Summary;
  peerTime: Summary;
  /** peer median / surfcd median: > 1 means surfcd is faster. */
  ratio: number;
}
