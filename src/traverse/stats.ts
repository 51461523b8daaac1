/** Work done by one query, counted the way the S-CD paper's Table 6 counts it. */
export interface QueryStats {
  /** OBB–OBB separating-axis tests (the pre-check). */
  obbTests: number;
  /** Box–box overlap tests against tree nodes and items, both levels, both parts. */
  aabbTests: number;
  /** Boxes recomputed after a transform: the two cover boxes and one per transformed triangle. */
  aabbUpdates: number;
  /** Exact triangle–triangle (or distance) tests. */
  triangleTests: number;
  /** S-CD: surface pairs whose shells were compared (shellFilter.ts); absent in other narrow phases. */
  shellTests?: number;
  /** S-CD: surface pairs the shells proved apart, so no triangle of them was tested. */
  shellRejects?: number;
  /** S-CD, exact mode: (B triangle, flat A surface) pairs decided apart by the surface's slab (surfaceSlab.ts). */
  slabCuts?: number;
  /** S-CD, classify mode: touching surface pairs proven unable to cross (crossFree.ts), settled at their first hit. */
  crossFreePairs?: number;
}

export function emptyStats(): QueryStats {
  return { obbTests: 0, aabbTests: 0, aabbUpdates: 0, triangleTests: 0, shellTests: 0, shellRejects: 0 };
}

export function addStats(into: QueryStats, from: QueryStats): QueryStats {
  into.obbTests += from.obbTests;
  into.aabbTests += from.aabbTests;
  into.aabbUpdates += from.aabbUpdates;
  into.triangleTests += from.triangleTests;
  if (from.shellTests) into.shellTests = (into.shellTests ?? 0) + from.shellTests;
  if (from.shellRejects) into.shellRejects = (into.shellRejects ?? 0) + from.shellRejects;
  if (from.slabCuts) into.slabCuts = (into.slabCuts ?? 0) + from.slabCuts;
  if (from.crossFreePairs) into.crossFreePairs = (into.crossFreePairs ?? 0) + from.crossFreePairs;
  return into;
}

/**
 * The sum of several counts, its optional counters in one fixed order whichever of the
 * parts first had them: a report summed from chunks prints the same as one summed in one go.
 */
export function sumStats(parts: readonly QueryStats[]): QueryStats {
  const total = emptyStats();
  for (const part of parts) addStats(total, part);
  const { slabCuts, crossFreePairs, ...always } = total;
  return { ...always, ...(slabCuts !== undefined ? { slabCuts } : {}), ...(crossFreePairs !== undefined ? { crossFreePairs } : {}) };
}
