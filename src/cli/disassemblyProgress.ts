/**
 * Progress of `surfcd disassemble` on stderr, over a fixed total (the parts to take out):
 * a bar with an ETA on a terminal, one plain line every few seconds otherwise (CI logs),
 * through every round: the first plan, each replay of it through `simulate`, and each
 * replan after a replay found a move blocked ("replan 2").
 */
import { SingleBar } from 'cli-progress';
import type { DisassemblyStage } from '../simulate/removal.js';

/** Every this many ms, one plain progress line when stderr is not a terminal. */
const PLAIN_PROGRESS_MS = 5000;

export interface DisassemblyProgress {
  update(done: number, total: number, stage: DisassemblyStage): void;
  stop(): void;
}

/** `planning`, `replaying the plan`, `replan 2`, `replaying replan 2`. */
export function stageName(stage: DisassemblyStage): string {
  if (stage.round === 0) return stage.phase === 'planning' ? 'planning' : 'replaying the plan';
  return stage.phase === 'planning' ? `replan ${stage.round}` : `replaying replan ${stage.round}`;
}

/**
 * The ETA from the furthest point reached so far: a replan walks again, quickly, over the
 * steps whose sweeps it already holds, so the time per part is the elapsed time over the
 * most parts any round has reached.
 */
export function etaSeconds(elapsedSeconds: number, furthest: number, total: number): number | null {
  if (furthest <= 0 || total <= furthest) return furthest >= total ? 0 : null;
  return Math.round((elapsedSeconds / furthest) * (total - furthest));
}

export function disassemblyProgress(label: string, stream: NodeJS.WriteStream = process.stderr, now: () => number = () => performance.now()): DisassemblyProgress {
  const start = now();
  let furthest = 0;
  const track = (done: number, total: number): { eta: number | null } => {
    furthest = Math.max(furthest, Math.min(total, done));
    return { eta: etaSeconds((now() - start) / 1000, furthest, total) };
  };
  if (stream.isTTY) {
    const bar = new SingleBar({ format: `${label} {bar} {value}/{total} parts | {stage} | ETA {etaText}`, stream, hideCursor: true, clearOnComplete: true });
    let started = false;
    return {
      update(done, total, stage) {
        const { eta } = track(done, total);
        const payload = { stage: stageName(stage), etaText: eta === null ? '…' : `${eta} s` };
        if (!started) bar.start(total, done, payload);
        else bar.update(done, payload);
        started = true;
      },
      stop: () => started && bar.stop(),
    };
  }
  let last = start;
  let state: { done: number; total: number; stage: DisassemblyStage } | null = null;
  const line = (): void => {
    if (!state) return;
    last = now();
    const eta = etaSeconds((last - start) / 1000, furthest, state.total);
    const left = eta === null ? '' : `, about ${eta} s left`;
    stream.write(`${label}: ${state.done}/${state.total} parts (${stageName(state.stage)}) after ${Math.round((last - start) / 1000)} s${left}\n`);
  };
  // A line every few seconds, also while one step takes long (the sweeps run on workers, so the timer fires).
  const timer = setInterval(() => now() - last >= PLAIN_PROGRESS_MS && line(), PLAIN_PROGRESS_MS / 5);
  timer.unref();
  return {
    update(done, total, stage) {
      track(done, total);
      state = { done, total, stage };
      if (now() - last >= PLAIN_PROGRESS_MS) line();
    },
    stop: () => clearInterval(timer),
  };
}
