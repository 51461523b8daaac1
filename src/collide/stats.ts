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
}

export function emptyStats(): QueryStats {
  return { obbTests: 0, aabbTests: 0, aabbUpdates: 0, triangleTests: 0 };
}

export function addStats(into: QueryStats, from: QueryStats): QueryStats {
  into.obbTests += from.obbTests;
  into.aabbTests += from.aabbTests;
  into.aabbUpdates += from.aabbUpdates;
  into.triangleTests += from.triangleTests;
  return into;
}
