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

/**
 * A path as people read it: each segment's escapes decoded (`3%2F8"` → `3/8"`), line
 * breaks and other control characters shown as one space (a name is one line in a table),
 * the sibling suffix `#k` kept, and `root` (see `commonRoot`) left off the front.
 * Every writer shows paths through this one function; ids and JSON paths stay escaped.
 */
export function displayPath(path: string, root = ''): string {
  const relative = root !== '' && path.startsWith(`${root}/`) ? path.slice(root.length + 1) : path;
  return relative
    .split('/')
    .map((segment) => decodeSegment(segment).replace(/[\u0000-\u001f\u007f]+/g, ' ').trim() || segment)
    .join('/');
}

/** Undoes `escapeName` on one segment (the `#k` suffix, which is not escaped, stays). */
export function decodeSegment(segment: string): string {
  return segment.replace(/%([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * The product-tree prefix every path shares (whole segments), so rows need not repeat
 * it; never a whole path, so each part keeps at least its own name. '' when none.
 */
export function commonRoot(paths: readonly string[]): string {
  if (paths.length === 0) return '';
  let shared = paths[0]!.split('/').slice(0, -1);
  for (const path of paths) {
    const segments = path.split('/').slice(0, -1);
    let k = 0;
    while (k < shared.length && k < segments.length && shared[k] === segments[k]) k++;
    shared = shared.slice(0, k);
    if (shared.length === 0) return '';
  }
  return shared.join('/');
}
