/**
 * Progress of a long job with a fixed total, on stderr: a cli-progress bar with an ETA on a
 * terminal, plain lines (`label 3/10 name (eta 12 s)`) when stderr is a file or a pipe.
 */
import { SingleBar } from 'cli-progress';

export interface Progress {
  tick(what: string): void;
  stop(): void;
}

export function progress(label: string, total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  if (total === 0) return { tick: () => undefined, stop: () => undefined };
  if (stream.isTTY) {
    const bar = new SingleBar({ format: `${label} {bar} {value}/{total} eta {eta_formatted} {what}`, stream, hideCursor: true, clearOnComplete: true, etaBuffer: 20 });
    bar.start(total, 0, { what: '' });
    return { tick: (what) => bar.increment(1, { what }), stop: () => bar.stop() };
  }
  const start = performance.now();
  let done = 0;
  return {
    tick(what) {
      done++;
      const elapsed = (performance.now() - start) / 1000;
      const eta = done < total ? ` (eta ${Math.round((elapsed / done) * (total - done))} s)` : '';
      stream.write(`${label} ${done}/${total} ${what}${eta}\n`);
    },
    stop: () => undefined,
  };
}

/** Said once while jobs wait on a queue no worker listens to. */
export function noWorkers(label: string): void {
  process.stderr.write(`surfcd: no worker is connected to ${label}; jobs wait until one starts (surfcd worker --queue ${label})\n`);
}
