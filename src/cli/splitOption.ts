/** `contacts --queue`: the checked split options, and the run over the queue with its progress. */
import { resolve } from 'node:path';
import type { ContactReport } from '../verdict/findContacts.js';
import { SurfcdError } from '../errors.js';
import { cacheDirOf } from '../import/cache.js';
import type { CachedLoad } from '../spatial/loadCached.js';
import { checkReachable, redisTarget } from '../scale/redis.js';
import { splitContacts, type SplitOptions } from '../scale/splitContacts.js';
import { cacheOf } from './cacheOption.js';
import { parseNumber } from './output.js';
import { noWorkers, progress } from './progress.js';

export interface SplitFlags {
  queue?: string | true;
  chunkPairs?: string;
  cache?: string | boolean;
}

/** Checks the flags and that the server answers, before the file is read. */
export async function splitRunOf(flags: SplitFlags, options: SplitOptions): Promise<{ run(loaded: CachedLoad): Promise<ContactReport> }> {
  const target = redisTarget(flags.queue ?? true);
  const dir = cacheDirOf(cacheOf(flags));
  if (dir === null) throw new SurfcdError('INVALID_OPTION', '--queue: the workers read the indexed assembly from the cache; drop --no-cache and give --cache <dir> on a filesystem they share');
  let chunkPairs: number | undefined;
  if (flags.chunkPairs !== undefined) {
    chunkPairs = parseNumber('--chunk-pairs', flags.chunkPairs, { min: 1 });
    if (!Number.isInteger(chunkPairs)) throw new SurfcdError('INVALID_OPTION', `--chunk-pairs: expected a whole number ≥ 1, got "${flags.chunkPairs}"`);
  }
  await checkReachable(target);
  return {
    async run(loaded) {
      let bar = progress('contacts', 0);
      const report = await splitContacts(loaded.assembly, target, {
        ...options,
        sharedDir: resolve(dir),
        onNoWorkers: () => noWorkers(target.label),
        ...(chunkPairs !== undefined ? { chunkPairs } : {}),
        onProgress: (done, total) => {
          if (done === 1) bar = progress('contacts', total);
          bar.tick(`chunk ${done}`);
        },
      }, loaded.entry);
      bar.stop();
      return report;
    },
  };
}
