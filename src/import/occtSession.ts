/**
 * One OpenCascade (occt-import-js WASM) instance, used so that it cannot hurt the process:
 *  - everything occt prints (its `print`/`printErr`, which default to console.log, i.e.
 *    stdout) is captured per call and handed back as messages, so stdout stays data only;
 *  - when a call throws (a WASM trap such as "unreachable" after an abort, "memory access out
 *    of bounds", or a C++ exception surfacing as WebAssembly.Exception) the instance is
 *    dropped: its memory and static state are no longer trustworthy, and every later call
 *    on it would fail. The next call starts a fresh instance.
 */
import type { OcctModule, OcctModuleArg } from './occt.js';

export type OcctFactory = (moduleArg?: OcctModuleArg) => Promise<OcctModule>;

/** At most this many captured lines are kept per call (a broken file can print one per entity). */
const MAX_MESSAGES = 200;

/** A call into occt failed; the instance that failed has been discarded. */
export class OcctFailure extends Error {
  readonly messages: readonly string[];
  readonly aborted: boolean;

  constructor(cause: unknown, messages: readonly string[], aborted: boolean) {
    super(describeOcctError(cause), { cause });
    this.name = 'OcctFailure';
    this.messages = messages;
    this.aborted = aborted;
  }
}

/** "RuntimeError: unreachable", "WebAssembly.Exception", … in a few words. */
export function describeOcctError(error: unknown): string {
  // WebAssembly.Exception (a C++ exception that escaped occt) prints as "[object WebAssembly.Exception]".
  if (Object.prototype.toString.call(error) === '[object WebAssembly.Exception]') return 'an uncaught C++ exception inside OpenCascade';
  if (error instanceof Error) return `${error.name}: ${error.message.split('\n')[0]}`;
  return String(error);
}

export class OcctSession {
  private instance: Promise<OcctModule> | null = null;
  private sink: string[] | null = null;
  private dropped = 0;
  private abortSeen = false;
  /** How many instances were started (1 + one per recovery); for tests and diagnostics. */
  started = 0;

  constructor(private readonly factory: () => OcctFactory) {}

  private module(): Promise<OcctModule> {
    if (!this.instance) {
      const capture = (line: string): void => {
        if (!this.sink) return; // outside a call (start-up chatter): dropped, never stdout
        if (this.sink.length < MAX_MESSAGES) this.sink.push(String(line));
        else this.dropped++;
      };
      this.started++;
      const created = this.factory()({ print: capture, printErr: capture, onAbort: () => (this.abortSeen = true) });
      this.instance = created;
      created.catch(() => {
        if (this.instance === created) this.instance = null;
      });
    }
    return this.instance;
  }

  /** Runs one synchronous occt call with its output captured; a failing call discards the instance. */
  async run<T>(call: (occt: OcctModule) => T): Promise<{ value: T; messages: string[] }> {
    const occt = await this.module();
    const messages: string[] = [];
    this.sink = messages;
    this.dropped = 0;
    this.abortSeen = false;
    try {
      const value = call(occt);
      return { value, messages: this.withDropped(messages) };
    } catch (error) {
      this.instance = null;
      throw new OcctFailure(error, this.withDropped(messages), this.abortSeen || error instanceof Error);
    } finally {
      this.sink = null;
    }
  }

  private withDropped(messages: string[]): string[] {
    return this.dropped > 0 ? [...messages, `(${this.dropped} more messages)`] : messages;
  }
}
