/**
 * The page side of the assembly worker: `loadAssembly` off the main thread, with progress
 * events, an AbortSignal, and the indexed parts transferred back (typed arrays moved, not
 * copied; nothing re-indexed). Browser-safe; the Node flavour is `createNodeAssemblyWorker`.
 */
import { SurfcdError, type SurfcdErrorCode } from '../errors.js';
import { assemblyFromData } from '../spatial/cloneable.js';
import type { Assembly } from '../model/types.js';
import type { FromWorker, LoadProgress, ToWorker, WorkerLoadOptions } from './protocol.js';

/** A started worker, reduced to what the client needs (see `webWorkerHandle`, `nodeWorkerHandle`). */
export interface WorkerHandle {
  post(message: ToWorker, transfer: ArrayBuffer[]): void;
  /** Told whether loads are pending (Node: keep the process alive only while they are). */
  busy?(busy: boolean): void;
  /** Calls `onMessage` with each message's data, `onFailure` when the worker dies or cannot start. */
  attach(onMessage: (message: FromWorker) => void, onFailure: (reason: string) => void): void;
  terminate(): void;
}

export interface WorkerLoadCall extends WorkerLoadOptions {
  /** Called as the load advances: start, read (occt), index (done / total parts), transfer. */
  onProgress?: (progress: LoadProgress) => void;
  /** Aborting terminates the worker (occt cannot be interrupted otherwise); the next load starts a new one. */
  signal?: AbortSignalLike;
  /** Move the bytes' buffer to the worker instead of copying it (the caller's array becomes empty). */
  transferBytes?: boolean;
}

/** Structural subset of AbortSignal (so the declarations need neither DOM nor Node types). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  readonly reason?: unknown;
  addEventListener(type: 'abort', listener: () => void, options?: { once?: boolean }): void;
  removeEventListener(type: 'abort', listener: () => void): void;
}

interface Pending {
  resolve: (assembly: Assembly) => void;
  reject: (error: unknown) => void;
  onProgress: ((progress: LoadProgress) => void) | undefined;
  cleanup: () => void;
}

export class AssemblyWorker {
  private handle: WorkerHandle | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();

  /** `start` makes a new worker (called lazily, and again after an abort or a crash). */
  constructor(private readonly start: () => WorkerHandle) {
    if (typeof start !== 'function') throw new SurfcdError('INVALID_OPTION', 'AssemblyWorker: expected a function that starts a worker');
  }

  /** Reads and indexes a STEP/IGES/BREP file's bytes in the worker. */
  load(bytes: Uint8Array | ArrayBuffer, options: WorkerLoadCall = {}): Promise<Assembly> {
    const { onProgress, signal, transferBytes, ...loadOptions } = options ?? {};
    const view = bytes instanceof ArrayBuffer ? new Uint8Array(bytes) : bytes;
    if (!(view instanceof Uint8Array)) return Promise.reject(new SurfcdError('INVALID_OPTION', `AssemblyWorker.load: expected a Uint8Array or ArrayBuffer, got ${typeof bytes}`));
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.nextId++;
    return new Promise<Assembly>((resolve, reject) => {
      const onAbort = (): void => {
        this.settle(id)?.reject(signal!.reason);
        this.restart(`another load on this worker was aborted`);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.pending.set(id, { resolve, reject, onProgress, cleanup: () => signal?.removeEventListener('abort', onAbort) });
      try {
        const handle = this.ensure();
        handle.busy?.(true);
        const transfer = transferBytes && view.buffer instanceof ArrayBuffer ? [view.buffer] : [];
        handle.post({ type: 'load', id, bytes: view, options: loadOptions }, transfer);
      } catch (error) {
        this.settle(id)?.reject(error instanceof SurfcdError ? error : new SurfcdError('IMPORT_FAILED', `AssemblyWorker: cannot start the worker (${String(error)})`, { cause: error }));
      }
    });
  }

  /** Stops the worker; pending loads reject. */
  terminate(): void {
    this.restart('the worker was terminated');
  }

  private ensure(): WorkerHandle {
    if (this.handle) return this.handle;
    const handle = this.start();
    handle.attach(
      (message) => this.receive(message),
      (reason) => {
        if (this.handle === handle) this.restart(`the worker failed: ${reason}`);
      },
    );
    this.handle = handle;
    return handle;
  }

  private receive(message: FromWorker): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.type === 'progress') {
      pending.onProgress?.(message.progress);
    } else if (message.type === 'result') {
      this.settle(message.id);
      try {
        pending.resolve(assemblyFromData(message.data));
      } catch (error) {
        pending.reject(error);
      }
    } else {
      this.settle(message.id);
      pending.reject(new SurfcdError(message.code as SurfcdErrorCode, message.message));
    }
  }

  private settle(id: number): Pending | undefined {
    const pending = this.pending.get(id);
    if (!pending) return undefined;
    this.pending.delete(id);
    pending.cleanup();
    if (this.pending.size === 0) this.handle?.busy?.(false);
    return pending;
  }

  /** Kills the worker and rejects whatever was still pending on it. */
  private restart(reason: string): void {
    const handle = this.handle;
    this.handle = null;
    handle?.busy?.(false);
    handle?.terminate();
    for (const id of [...this.pending.keys()]) this.settle(id)?.reject(new SurfcdError('IMPORT_FAILED', `AssemblyWorker: ${reason}`));
  }
}

/** Structural subset of a DOM Worker. */
export interface WebWorkerLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message' | 'error' | 'messageerror', handler: (event: { data?: unknown; message?: string }) => void): void;
  terminate(): void;
}
type Transferable = ArrayBuffer;

/** Adapts a Web Worker (running surfcd's worker script) for `AssemblyWorker`. */
export function webWorkerHandle(worker: WebWorkerLike): WorkerHandle {
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    attach: (onMessage, onFailure) => {
      worker.addEventListener('message', (event) => onMessage(event.data as FromWorker));
      worker.addEventListener('error', (event) => onFailure(event.message ?? 'error event (the script failed to load or threw)'));
      worker.addEventListener('messageerror', () => onFailure('a message could not be deserialized'));
    },
    terminate: () => worker.terminate(),
  };
}

/**
 * An AssemblyWorker over Web Workers made by `createWorker`, e.g.
 * `() => new Worker(new URL('surfcd/worker-script', import.meta.url), { type: 'module' })`
 * or `() => new Worker('/surfcd-worker.js')` for a script you bundled.
 */
export function createWebAssemblyWorker(createWorker: () => WebWorkerLike): AssemblyWorker {
  return new AssemblyWorker(() => webWorkerHandle(createWorker()));
}
