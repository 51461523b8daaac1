/**
 * Part paths: product-tree names joined with `/`. Names are escaped so a path is
 * always unique and parseable: `%` → `%25`, `/` → `%2F`, control characters
 * (newlines from real exports) → `%0A` etc.; an empty name becomes `unnamed`.
 * Siblings that share a name all get `#k` (k = 1, 2, … in file order).
 */
export function escapeName(name: string): string {
  const cleaned = name.trim();
  if (cleaned === '') return 'unnamed';
  return cleaned.replace(/[%/#\u0000-\u001f\u007f]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0'));
}

/** Gives each of `names` (siblings, in file order) a unique path segment. */
export function siblingSegments(names: string[]): string[] {
  const escaped = names.map(escapeName);
  const total = new Map<string, number>();
  for (const n of escaped) total.set(n, (total.get(n) ?? 0) + 1);
  const seen = new Map<string, number>();
  return escaped.map((n) => {
    if (total.get(n)! === 1) return n;
    const k = (seen.get(n) ?? 0) + 1;
    seen.set(n, k);
    return `${n}#${k}`;
  });
}

export function joinPath(parent: string, segment: string): string {
  return parent === '' ? segment : `${parent}/${segment}`;
}
