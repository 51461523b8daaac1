/**
 * The classes of an interfering part pair, as an engineer reviewing a CAD model sorts
 * them: real errors (`clash`, `contained`, `duplicate`) and overlaps drawn on purpose
 * (`thread` at nominal diameter, `press-fit`, unclocked `gear-mesh`).
 */
export const INTERFERENCE_CLASSES = ['clash', 'thread', 'press-fit', 'gear-mesh', 'contained', 'duplicate'] as const;
export type InterferenceClass = (typeof INTERFERENCE_CLASSES)[number];

/** Overlaps CAD habit draws on purpose: not errors, but listed (and ignorable). */
export const EXPECTED_CLASSES: ReadonlySet<InterferenceClass> = new Set(['thread', 'press-fit', 'gear-mesh']);

export const isInterferenceClass = (value: string): value is InterferenceClass => (INTERFERENCE_CLASSES as readonly string[]).includes(value);

/** ':' and '+' in paths percent-escaped, so ids split unambiguously (the report items' escaping). */
export const escapeIdPart = (path: string): string => path.replace(/:/g, '%3A').replace(/\+/g, '%2B');

/**
 * The id of an interfering part pair: `partA+partB` (paths as in JSON, partA first by code
 * point). Built from paths only, so it survives re-runs: accept files and `--previous` use it.
 */
export function interferenceId(partA: string, partB: string): string {
  return `${escapeIdPart(partA)}+${escapeIdPart(partB)}`;
}
