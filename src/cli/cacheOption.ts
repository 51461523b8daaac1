// --cache DIR / --no-cache for every command that loads a CAD file.
import type { Command } from 'commander';
import type { CacheOption } from '../import/cache.js';

export function addCacheOptions(command: Command): Command {
  return command
    .option('--cache <dir>', 'indexed-assembly cache directory (default: $XDG_CACHE_HOME/surfcd, else ~/.cache/surfcd)')
    .option('--no-cache', 'neither read nor write the indexed-assembly cache');
}

/** The CLI caches by default; `--no-cache` turns it off, `--cache DIR` moves it. */
export function cacheOf(flags: { cache?: string | boolean }): CacheOption {
  return flags.cache === false ? false : typeof flags.cache === 'string' ? flags.cache : true;
}
