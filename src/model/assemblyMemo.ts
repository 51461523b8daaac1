/**
 * What queries derived from an assembly as a whole (from pairs of parts, not from one part:
 * a part's own derived data is `PartDerived`'s), kept in the cache entry the assembly was
 * loaded from, so that a cached run repeats none of that work. Each value sits under a key
 * its module builds from every input that changes it (options, poses, …); a key it does not
 * find is work to do, never an answer.
 *
 * A memo belongs to one assembly object and answers for no other (`isFor`): the caller that
 * loaded the assembly through the cache holds it (`CachedLoad.memo`) and hands it to the
 * queries that use it. Nothing here is module state.
 */
import type { Encoded } from './derived.js';
import type { Assembly } from './types.js';

export class AssemblyMemo {
  private readonly values = new Map<string, Encoded>();
  private dirty = false;

  constructor(
    private readonly assembly: Assembly,
    stored: Readonly<Record<string, Encoded>> = {},
  ) {
    for (const [key, value] of Object.entries(stored)) this.values.set(key, value);
  }

  /** Whether this memo holds results of `assembly` (the very object it was made for). */
  isFor(assembly: Assembly): boolean {
    return assembly === this.assembly;
  }

  /** Whether a value was set since the memo was made or read back (its cache entry is out of date). */
  get changed(): boolean {
    return this.dirty;
  }

  get(key: string): Encoded | undefined {
    return this.values.get(key);
  }

  set(key: string, value: Encoded): void {
    this.values.set(key, value);
    this.dirty = true;
  }

  /** Every value by key, keys sorted (the same memo gives the same entry bytes). */
  encoded(): Record<string, Encoded> {
    const out: Record<string, Encoded> = {};
    for (const key of [...this.values.keys()].sort()) out[key] = this.values.get(key)!;
    return out;
  }
}

// JSON keeps neither −0 nor non-finite numbers: values kept as JSON text tag them, as the
// cache header does, so what comes back is what went in.
const tagNumbers = (_key: string, v: unknown): unknown => (typeof v === 'number' && (!Number.isFinite(v) || Object.is(v, -0)) ? { $num: Object.is(v, -0) ? '-0' : String(v) } : v);
const untagNumbers = (_key: string, v: unknown): unknown => (v !== null && typeof v === 'object' && typeof (v as { $num?: unknown }).$num === 'string' ? Number((v as { $num: string }).$num) : v);

/** A value as JSON text for a memo, keeping key order, −0 and non-finite numbers. */
export function memoText(value: unknown): string {
  return JSON.stringify(value, tagNumbers);
}

/** Reverses memoText (throws on text that is not JSON). */
export function fromMemoText(text: string): unknown {
  return JSON.parse(text, untagNumbers);
}
