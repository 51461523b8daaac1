// Scratch memory lent for the length of one call, for functions whose callers bring none:
// a call takes a scratch, gives it back when it returns, and a call started meanwhile (from
// inside the first, or by re-entry) gets another. No two calls ever share one, and at most
// as many exist as calls ever ran nested at once.
import { SurfcdError } from '../errors.js';

/** What a pooled scratch carries: whether a call holds it. */
export interface Lendable {
  busy: boolean;
}

export class ScratchPool<T extends Lendable> {
  private readonly idle: T[] = [];

  /** `make` builds a fresh scratch; `what` names the pool's user in the error for a scratch given back twice. */
  constructor(private readonly make: () => T, private readonly what: string) {}

  claim(): T {
    const scratch = this.idle.pop() ?? this.make();
    scratch.busy = true;
    return scratch;
  }

  release(scratch: T): void {
    if (!scratch.busy) throw new SurfcdError('INVALID_ARGUMENT', `${this.what}: scratch given back while no call holds it`);
    scratch.busy = false;
    this.idle.push(scratch);
  }
}
