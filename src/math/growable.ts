// Growing the typed arrays that scratch memory is made of. Both double at least, so a buffer
// that keeps growing costs amortised O(1) per entry.

/** `buffer` when it holds `size` entries, else a new, empty one of at least `size` (its contents are not kept). */
export function atLeast(buffer: Uint32Array, size: number): Uint32Array {
  return buffer.length >= size ? buffer : new Uint32Array(Math.max(size, buffer.length * 2));
}

/** A buffer twice as long as `buffer`, starting with its contents (for stacks and lists that grow while in use). */
export function doubled(buffer: Uint32Array): Uint32Array {
  const grown = new Uint32Array(buffer.length * 2);
  grown.set(buffer);
  return grown;
}
