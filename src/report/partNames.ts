/**
 * Part paths as people read them. A path segment is an escaped product-tree name
 * (`model/paths.ts`: `%`, `/`, `#` and control characters percent-escaped) plus `#k` when
 * siblings share the name; the label decodes the escapes and keeps `#k`, because `gear#1` and
 * `gear#2` are two different gears. Browser-safe.
 */

/** One segment decoded: `M3%2F8 nut#2` → `M3/8 nut#2` (a newline from a real export reads as a space). */
export function segmentLabel(segment: string): string {
  return segment.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => {
    const code = parseInt(hex, 16);
    return code < 0x20 || code === 0x7f ? ' ' : String.fromCharCode(code);
  });
}

/** The whole path decoded, segments joined with ` / ` (a `/` inside a name stays visibly one name). */
export function pathLabel(path: string): string {
  return path.split('/').map(segmentLabel).join(' / ');
}

/**
 * The shortest label that still tells each part from every other: the last segment, or as many
 * trailing segments as it takes (`l-bracket-assembly#1 / nut#1` when two sub-assemblies both
 * hold a `nut#1`). Paths are unique, so the full path always does.
 */
export function shortNames(paths: readonly string[]): Map<string, string> {
  const segments = paths.map((p) => p.split('/'));
  const depth = paths.map(() => 1);
  for (let grew = true; grew; ) {
    grew = false;
    const byLabel = new Map<string, number[]>();
    segments.forEach((seg, i) => {
      const key = seg.slice(-depth[i]!).join('/');
      byLabel.set(key, [...(byLabel.get(key) ?? []), i]);
    });
    for (const clash of byLabel.values()) {
      if (clash.length < 2) continue;
      for (const i of clash) {
        if (depth[i]! < segments[i]!.length) {
          depth[i]!++;
          grew = true;
        }
      }
    }
  }
  return new Map(paths.map((p, i) => [p, segments[i]!.slice(-depth[i]!).map(segmentLabel).join(' / ')]));
}
