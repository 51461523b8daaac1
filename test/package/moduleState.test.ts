// No hidden module state: a module-level `let` in src/, plugins/ or entries/ is state that
// every caller shares (a query inside another query's callback, two tests, two assemblies).
// Scratch memory belongs in an object passed down or lent by a pool (math/scratchPool.ts);
// results are returned, not stashed. The few that remain are listed here, each with the
// reason it stays; a new one fails this test, and so does a listed one that is gone.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/shared.js';

/** `file: name` → why it stays module state. */
const ALLOWED: Record<string, string> = {
  'src/constraints/plugins.ts: registry': 'the one plugin registry: plugins are registered for the whole process (its comment says why)',
  'src/constraints/plugins.ts: firstParty': 'the first-party list the entries hand the one registry, read when it is first built',
  'src/constraints/plugins.ts: firstPartySetup': 'the URL of the module that handed it over, which a worker thread imports to build its own registry',
  'src/collide/narrowPhases.ts: firstParty': 'the narrow-phase index of the one registry: the phases it was handed',
  'src/collide/narrowPhases.ts: firstPartyDone': 'whether that index has registered them (once per process, as the registry)',
  'src/import/occt.ts: occtOutput': 'where the one occt instance of the process prints; occtSession sets it per call',
  'src/cli/guard.ts: active': 'the CLI process guard (uncaught errors, process.exit): one per process by nature',
  'src/cli/guard.ts: realExit': 'the process.exit the guard replaced, restored when it ends',
  'src/cli/removal.ts: pendingExitCode': 'the exit code a CLI command hands main (one command per process)',
  'src/cli/simulate.ts: pendingExitCode': 'the exit code a CLI command hands main (one command per process)',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|js|mjs)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** `file: name` of every module-level `let`/`var` (a declaration at the start of a line: top-level code is not indented). */
function moduleLets(): string[] {
  const found: string[] = [];
  for (const root of ['src', 'plugins', 'entries']) {
    for (const path of sourceFiles(join(projectRoot, root))) {
      const file = relative(projectRoot, path).split('\\').join('/');
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        const declaration = /^(?:export\s+)?(?:let|var)\s+(.+)$/.exec(line);
        if (declaration === null) continue;
        // Every name of `let a = 0, b = 1;` (names before each top-level `=` or `,`).
        for (const name of declaration[1]!.matchAll(/(?:^|,\s*)([A-Za-z_$][\w$]*)\s*(?=[:=,;]|$)/g)) found.push(`${file}: ${name[1]}`);
      }
    }
  }
  return found.sort();
}

describe('module state', () => {
  const lets = moduleLets();

  it('finds the module-level lets it guards (the scan reads the tree)', () => {
    // typed and untyped declarations, in several directories
    for (const known of ['src/constraints/plugins.ts: registry', 'src/cli/guard.ts: realExit', 'src/collide/narrowPhases.ts: firstPartyDone', 'src/import/occt.ts: occtOutput']) expect(lets).toContain(known);
  });

  it('has no module-level let outside the allow-list', () => {
    expect(lets.filter((entry) => !(entry in ALLOWED))).toEqual([]);
  });

  it('lists only lets that still exist, each with a reason', () => {
    expect(Object.keys(ALLOWED).filter((entry) => !lets.includes(entry))).toEqual([]);
    for (const [entry, reason] of Object.entries(ALLOWED)) expect(reason.length, entry).toBeGreaterThan(20);
  });
});
