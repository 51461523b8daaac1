/**
 * The one owner of everything surfcd derives from a part after import: surface shells and
 * slabs, sags, surface OBB trees, triangle records, fitted-kind tolerances, solidity, … Each
 * module that derives something declares a `DerivedKind` (its name, and how the value travels
 * through the cache and to workers, if it does) and reads and fills it through `derivedOf`.
 * The store lives on the part, so it goes when the part goes; there are no module-level
 * caches keyed on parts.
 *
 * The serializer (spatial/serialize.ts) and the worker copy (spatial/cloneable.ts) know no
 * kind: they write every kept kind's encoded data under its name and hand it back as stored
 * data, which the kind's own `decode` turns into a value the first time someone asks for it.
 */
import type { Part } from './types.js';

/** Plain data a kind encodes to: numbers, strings, booleans, null, typed arrays, arrays and objects of these. */
export type Encoded = number | string | boolean | null | Float64Array | Float32Array | Uint32Array | Encoded[] | { [key: string]: Encoded };

/** One kind of derived data, declared once by the module that computes it. */
export interface DerivedKind<T> {
  /** Unique and stable: entries store the data under it. */
  readonly name: string;
  /** Plain data for the cache and the worker; absent: the kind is rebuilt in every process. */
  readonly encode?: (value: T, part: Part) => Encoded | undefined;
  /** The value back from `encode`'s data; throws (any Error) when the data does not fit the part, which then builds it anew. */
  readonly decode?: (data: Encoded, part: Part) => T;
}

/** A part's derived data. */
export class PartDerived {
  /** Each value with the kind that made it (its codec travels with it). */
  private readonly values = new Map<string, { kind: DerivedKind<unknown>; value: unknown }>();
  /** Read back from a cache entry or a worker copy, decoded on first use. */
  private readonly stored = new Map<string, Encoded>();
  private dirty = false;

  /** Whether a kept value was built or filled in since the part was made or restored (its cache entry is out of date). */
  get changed(): boolean {
    return this.dirty;
  }

  /** Records that a kept kind's value was filled in place (a per-surface list's entry). */
  touch<T>(kind: DerivedKind<T>): void {
    if (kind.encode) this.dirty = true;
  }

  /** Records a change the cache keeps outside the derived data (a surface's fitted kind). */
  markChanged(): void {
    this.dirty = true;
  }

  /** The value when known (built, or stored and decodable), else undefined. */
  get<T>(kind: DerivedKind<T>, part: Part): T | undefined {
    const known = this.values.get(kind.name);
    if (known !== undefined) return known.value as T;
    const data = this.stored.get(kind.name);
    if (data === undefined || !kind.decode) return undefined;
    this.stored.delete(kind.name);
    let value: T;
    try {
      value = kind.decode(data, part);
    } catch {
      return undefined; // data that does not fit (an edited entry): built again by whoever asks
    }
    this.values.set(kind.name, { kind: kind as DerivedKind<unknown>, value });
    return value;
  }

  /** The value, built now when not known. `empty`: what `build` makes holds nothing yet (entries are filled and touched later). */
  of<T>(kind: DerivedKind<T>, part: Part, build: () => T, empty = false): T {
    const known = this.get(kind, part);
    if (known !== undefined) return known;
    const value = build();
    this.values.set(kind.name, { kind: kind as DerivedKind<unknown>, value });
    if (kind.encode && !empty) this.dirty = true;
    return value;
  }

  set<T>(kind: DerivedKind<T>, value: T): void {
    this.stored.delete(kind.name);
    this.values.set(kind.name, { kind: kind as DerivedKind<unknown>, value });
    if (kind.encode) this.dirty = true;
  }

  /** Encoded data of every kept kind, by name, for the cache and the worker (stored data not yet decoded passes through). */
  encoded(part: Part): Record<string, Encoded> {
    const out: Record<string, Encoded> = {};
    for (const [name, data] of this.stored) out[name] = data;
    for (const [name, { kind, value }] of this.values) {
      const data = kind.encode?.(value, part);
      if (data !== undefined) out[name] = data;
    }
    return out;
  }

  /** Takes data read back from a cache entry or a worker copy (decoded when first asked for). */
  restore(data: Record<string, Encoded>): void {
    for (const [name, value] of Object.entries(data)) if (!this.values.has(name)) this.stored.set(name, value);
  }

  /** Names of the kinds known now (built or stored), sorted. */
  names(): string[] {
    return [...new Set([...this.values.keys(), ...this.stored.keys()])].sort();
  }
}

/** A per-surface list: one entry per surface of the part, undefined until measured. */
export function perSurface<T>(kind: DerivedKind<(T | undefined)[]>, part: Part): (T | undefined)[] {
  // Asked per surface on the query's hot path: the known list comes back without a closure made.
  const derived = derivedOf(part);
  return derived.get(kind, part) ?? derived.of(kind, part, () => new Array<T | undefined>(part.surfaces.length).fill(undefined), true);
}

/**
 * Encodes a per-surface list as one Float64Array of `width + 1` numbers per surface: a state
 * (0 unknown, 1 none, 2 present) and the value's numbers.
 */
export function encodeSurfaceNumbers<T>(list: readonly (T | null | undefined)[], width: number, numbers: (value: T) => ArrayLike<number>): Float64Array {
  const out = new Float64Array(list.length * (width + 1));
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (v === undefined) continue;
    out[i * (width + 1)] = v === null ? 1 : 2;
    if (v !== null) out.set(numbers(v), i * (width + 1) + 1);
  }
  return out;
}

/** Reverses encodeSurfaceNumbers; throws when the data does not fit the part's surfaces. */
export function decodeSurfaceNumbers<T>(data: Encoded, part: Part, width: number, value: (numbers: Float64Array) => T): (T | null | undefined)[] {
  if (!(data instanceof Float64Array) || data.length !== part.surfaces.length * (width + 1)) throw new Error('per-surface numbers do not fit the part');
  const out = new Array<T | null | undefined>(part.surfaces.length).fill(undefined);
  for (let i = 0; i < out.length; i++) {
    const state = data[i * (width + 1)];
    if (state === 1) out[i] = null;
    else if (state === 2) out[i] = value(data.subarray(i * (width + 1) + 1, (i + 1) * (width + 1)));
    else if (state !== 0) throw new Error('bad per-surface state');
  }
  return out;
}

/**
 * The part's derived data (created with the part; parts built by hand get theirs on first
 * use, and so does a structured clone of a part, whose copy lost the class: it starts empty).
 */
export function derivedOf(part: Part): PartDerived {
  const p = part as { derived?: PartDerived };
  const d = p.derived;
  return d instanceof PartDerived ? d : (p.derived = new PartDerived());
}
