/**
 * Keeps plugin code from taking the CLI down. While a command runs, `process.exit` throws
 * instead of exiting, and exceptions thrown from timers and unhandled promise rejections
 * are recorded instead of printing a raw stack and killing the process; the command then
 * fails with PLUGIN_FAILED naming the plugin (found from the stack), before any output is
 * written. `exitWhenDone` ends the process once the work is done, so a timer a plugin left
 * running cannot keep the CLI alive.
 */
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LoadedPlugin } from '../constraints/types.js';
import { SurfcdError } from '../errors.js';

/** Thrown by the guarded `process.exit`. */
export class ProcessExitCalled extends Error {
  constructor(code: unknown) {
    super(`process.exit(${code === undefined ? '' : String(code)}) was called`);
    this.name = 'ProcessExitCalled';
  }
}

interface Escape {
  kind: 'a throw in a timer or callback' | 'an unhandled promise rejection';
  error: unknown;
}

const watched: LoadedPlugin[] = [];
const escapes: Escape[] = [];
let active = false;
let realExit: typeof process.exit = process.exit;
const onException = (error: unknown): void => void escapes.push({ kind: 'a throw in a timer or callback', error });
const onRejection = (error: unknown): void => void escapes.push({ kind: 'an unhandled promise rejection', error });

/** Starts guarding (idempotent). */
export function guardPlugins(): void {
  if (active) return;
  active = true;
  escapes.length = 0;
  watched.length = 0;
  realExit = process.exit;
  process.exit = ((code?: number) => {
    throw new ProcessExitCalled(code);
  }) as typeof process.exit;
  process.on('uncaughtException', onException);
  process.on('unhandledRejection', onRejection);
}

/** Stops guarding; restores `process.exit`. */
export function releasePlugins(): void {
  if (!active) return;
  active = false;
  process.exit = realExit;
  process.off('uncaughtException', onException);
  process.off('unhandledRejection', onRejection);
}

/** A plugin whose code may run while guarded (to name it when something escapes). */
export function watchPlugin(plugin: LoadedPlugin): void {
  watched.push(plugin);
}

/**
 * Lets callbacks a plugin queued run (one macrotask turn), then throws PLUGIN_FAILED for
 * the first escape seen. Called before output is written and when the command ends.
 */
export async function checkEscapes(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const escape = escapes.shift();
  if (!escape) return;
  const { error } = escape;
  const what = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0]}` : String(error);
  throw new SurfcdError('PLUGIN_FAILED', `${culprit(error)}: ${escape.kind} (${what}); plugins must return their results, not exit or leave work behind`, { cause: error });
}

/** The plugin whose file appears in the error's stack; else every plugin that could have run. */
function culprit(error: unknown): string {
  const stack = error instanceof Error ? (error.stack ?? '') : '';
  const named = (p: LoadedPlugin): string => `plugin "${p.name}" (${p.source})`;
  for (const p of watched) {
    const file = resolvePath(p.source);
    if (stack.includes(file) || stack.includes(pathToFileURL(file).href)) return named(p);
  }
  return watched.length > 0 ? watched.map(named).join(' or ') : 'a plugin';
}

/** Flushes stdout and stderr, then exits with `code` whatever timers are still pending. */
export function exitWhenDone(code: number): void {
  let pending = 2;
  const done = (): void => {
    if (--pending === 0) process.exit(code);
  };
  process.stdout.write('', done);
  process.stderr.write('', done);
}
