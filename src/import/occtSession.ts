/**
 * Running one occt call so that it cannot hurt the process:
 *  - everything occt prints during the call is captured and handed back as messages
 *    (see `setOcctOutput` in occt.ts), so stdout stays data only;
 *  - when the call throws (a WASM trap such as "unreachable" after an abort, "memory access
 *    out of bounds", or a C++ exception surfacing as WebAssembly.Exception) the instance is
 *    dropped: its memory and static state are no longer trustworthy, and every later call on
 *    it would fail with "[object WebAssembly.Exception]". The next call starts a fresh one.
 */
import type { OcctModule } from './occt.js';

/** Where instances come from and how to drop one; `setOutput` routes what they print. */
export interface OcctSource {
  module(): Promise<OcctModule>;
  /** Forget the current instance (the next `module()` starts a fresh one). */
  reset(): void;
  setOutput(sink: ((line: string) => void) | null): void;
}

/** At most this many captured lines are kept per call (a broken file can print one per entity). */
const MAX_MESSAGES = 200;

/** A call into occt failed; the instance that failed has been discarded (when surfcd owns it). */
export class OcctFailure extends Error {
  readonly messages: readonly string[];

  constructor(cause: unknown, messages: readonly string[]) {
    super(describeOcctError(cause), { cause });
    this.name = 'OcctFailure';
    this.messages = messages;
  }
}

/** "RuntimeError: unreachable", "an uncaught C++ exception inside OpenCascade", … */
export function describeOcctError(error: unknown): string {
  // WebAssembly.Exception (a C++ exception that escaped occt) prints as "[object WebAssembly.Exception]".
  if (Object.prototype.toString.call(error) === '[object WebAssembly.Exception]') return 'an uncaught C++ exception inside OpenCascade';
  if (error instanceof Error) return `${error.name}: ${error.message.split('\n')[0]}`;
  return String(error);
}

/** Runs one synchronous occt call with its output captured; a failing call discards the instance. */
export async function runOcct<T>(source: OcctSource, call: (occt: OcctModule) => T): Promise<{ value: T; messages: string[] }> {
  const occt = await source.module();
  const messages: string[] = [];
  let dropped = 0;
  source.setOutput((line) => {
    if (messages.length < MAX_MESSAGES) messages.push(line);
    else dropped++;
  });
  const all = (): string[] => (dropped > 0 ? [...messages, `(${dropped} more messages)`] : messages);
  try {
    return { value: call(occt), messages: all() };
  } catch (error) {
    source.reset();
    throw new OcctFailure(error, all());
  } finally {
    source.setOutput(null);
  }
}
