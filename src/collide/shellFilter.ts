// Shell rejection inside one S-CD query: for the B surface being processed, each
// A surface met is judged once by shellsApart and remembered; a B surface whose every A
// neighbour is rejected is skipped before its triangle tree is opened. Shells are built
// lazily (surfaceShell.ts), only for pairs of surfaces with many triangles.
import { growAabb, intersectAabbs, transformAabb, type Aabb } from '../math/aabb.js';
import type { Rigid } from '../math/rigid.js';
import { MIN_SHELL_TRIANGLES, surfaceShell, type SurfaceShell } from '../model/surfaceShell.js';
import type { Part, Surface } from '../model/types.js';
import { shellsApart } from './shellsApart.js';
import type { QueryStats } from '../traverse/stats.js';
import { queryBoxTree } from '../traverse/treeQuery.js';

const UNKNOWN = 0, APART = 1, MAY_MEET = 2;

export class ShellFilter {
  private verdict = new Uint8Array(64);
  private touched = new Uint32Array(64);
  private touchedCount = 0;
  private a: Part | null = null;
  private surfaceB: Surface | null = null;
  /** B's shell: undefined until first needed. */
  private shellB: SurfaceShell | null | undefined = undefined;
  private bToA: Rigid = new Float64Array(12);
  private reach = 0;
  private stats: QueryStats | null = null;
  private readonly cover = new Float64Array(6);
  private ids = new Uint32Array(64);

  /** Starts B surface `surfaceB`; false (and `rejects` always false) when it is too small to have a shell. */
  begin(a: Part, surfaceB: Surface, bToA: Rigid, reach: number, stats: QueryStats): boolean {
    this.end();
    if (surfaceB.triangleCount < MIN_SHELL_TRIANGLES) return false;
    if (this.verdict.length < a.surfaces.length) {
      this.verdict = new Uint8Array(2 * a.surfaces.length);
      this.touched = new Uint32Array(2 * a.surfaces.length);
    }
    this.a = a;
    this.surfaceB = surfaceB;
    this.shellB = undefined;
    this.bToA = bToA;
    this.reach = reach;
    this.stats = stats;
    return true;
  }

  /** True when A's surface `sa` is proved farther than the reach from the current B surface. */
  rejects(sa: number): boolean {
    if (this.surfaceB === null) return false;
    const known = this.verdict[sa]!;
    if (known !== UNKNOWN) return known === APART;
    const apart = this.judge(this.a!.surfaces[sa]!);
    this.verdict[sa] = apart ? APART : MAY_MEET;
    this.touched[this.touchedCount++] = sa;
    return apart;
  }

  /**
   * True when every A surface near the current B surface (whose box, moved into A's frame,
   * grown and clipped by `oaabbA`, bounds every triangle box the query would make) is rejected.
   */
  rejectsAll(oaabbA: Aabb): boolean {
    if (this.surfaceB === null) return false;
    const cover = this.cover;
    transformAabb(this.surfaceB.bounds, this.bToA, cover);
    growAabb(cover, 2 * this.reach); // ⊇ every grown triangle box, rounding included
    this.stats!.aabbUpdates++;
    if (!intersectAabbs(cover, oaabbA, cover)) return true;
    const a = this.a!;
    if (this.ids.length < a.surfaces.length) this.ids = new Uint32Array(2 * a.surfaces.length);
    const n = queryBoxTree(a.surfaceTree!, cover, this.ids, this.stats!);
    for (let k = 0; k < n; k++) if (!this.rejects(this.ids[k]!)) return false;
    return true;
  }

  /** Forgets the current B surface's verdicts. */
  end(): void {
    for (let k = 0; k < this.touchedCount; k++) this.verdict[this.touched[k]!] = UNKNOWN;
    this.touchedCount = 0;
    this.surfaceB = null;
    this.a = null;
    this.stats = null;
  }

  private judge(surfaceA: Surface): boolean {
    if (surfaceA.triangleCount < MIN_SHELL_TRIANGLES) return false;
    if (this.shellB === undefined) this.shellB = surfaceShell(this.surfaceB!);
    if (this.shellB === null) return false;
    const shellA = surfaceShell(surfaceA);
    if (shellA === null) return false;
    const stats = this.stats!;
    stats.shellTests = (stats.shellTests ?? 0) + 1;
    if (!shellsApart(shellA, this.shellB, this.bToA, this.reach)) return false;
    stats.shellRejects = (stats.shellRejects ?? 0) + 1;
    return true;
  }
}
