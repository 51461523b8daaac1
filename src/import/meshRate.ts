/**
 * This machine's meshing rate, kept in the cache directory (Node): each import through the
 * cache records how long OpenCascade's call took per CARTESIAN_POINT, and the next import's
 * ETA uses the median of the last few (meshEstimate.ts). A missing or damaged file only
 * means the default rate; writing it never fails an import.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { writeCacheFile } from './cache.js';

const FILE = 'mesh-rate.json';
/** Rates kept (the median of these is used). */
const KEEP = 9;
/** Below this many points occt's start-up, not the meshing, is what a rate would measure. */
const MIN_POINTS = 200;

async function readRates(dir: string): Promise<number[]> {
  try {
    const data = JSON.parse(await readFile(join(dir, FILE), 'utf8')) as { msPerPoint?: unknown };
    return Array.isArray(data.msPerPoint) ? data.msPerPoint.filter((r): r is number => typeof r === 'number' && Number.isFinite(r) && r > 0) : [];
  } catch {
    return [];
  }
}

/** The median measured ms per point, or undefined when nothing was measured yet. */
export async function readMeshRate(dir: string): Promise<number | undefined> {
  const rates = (await readRates(dir)).sort((a, b) => a - b);
  return rates.length === 0 ? undefined : rates[Math.floor(rates.length / 2)];
}

/** Adds one import's rate (wall ms of occt's call over the file's points). */
export async function recordMeshRate(dir: string, elapsedMs: number, points: number): Promise<void> {
  if (!(points >= MIN_POINTS) || !(elapsedMs > 0)) return;
  const rates = [...(await readRates(dir)), elapsedMs / points].slice(-KEEP);
  await writeCacheFile(dir, join(dir, FILE), new TextEncoder().encode(JSON.stringify({ msPerPoint: rates.map((r) => Number(r.toPrecision(4))) }) + '\n'));
}
