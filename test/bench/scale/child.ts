// One fleet measurement in a fresh process (spawned by scenarios/assemblyScale.ts), as a CLI
// run meets it: `node child.js <samples dir> <cache dir> <copies> [check]`, prints one JSON line.
// Phases, each as wall and CPU ms: index (copy + index every part), constraints (fits done
// fresh), constraints again (every fit cached: what is left is queries and rules), contacts.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findContacts, loadAssembly, recognizeConstraints } from '../../../entries/index.js';
import { fitCounters, resetFitCounters } from '../../../src/model/fit/fitCounters.js';
import { indexPart } from '../../../src/spatial/indexPart.js';
import type { Constraint } from '../../../src/constraints/types.js';
import { fleet, fleetDifferences, type Module } from './fleet.js';

const [samplesDir, cacheDir, copiesArg, check] = process.argv.slice(2);
const copies = Number(copiesArg);

interface Phase { ms: number; cpuMs: number }
function timed<T>(run: () => T): [T, Phase] {
  const cpu0 = process.cpuUsage(), wall0 = performance.now();
  const value = run();
  const c = process.cpuUsage(cpu0);
  return [value, { ms: performance.now() - wall0, cpuMs: (c.user + c.system) / 1000 }];
}

const modules: Module[] = [];
for (const file of readdirSync(samplesDir!).filter((f) => f.endsWith('.step')).sort()) {
  modules.push({ name: file.slice(0, -'.step'.length), assembly: await loadAssembly(join(samplesDir!, file), { cache: cacheDir! }) });
}
const [assembly, index] = timed(() => {
  const a = fleet(modules, copies);
  for (const p of a.parts) indexPart(p);
  return a;
});
resetFitCounters();
const [constraints, fresh] = timed(() => recognizeConstraints(assembly));
const fitted = { surfaces: fitCounters.surfaces, lmRuns: fitCounters.lmRuns };
const [again, cached] = timed(() => recognizeConstraints(assembly));
const [contacts, contactsPhase] = timed(() => findContacts(assembly));

let differences: string[] | null = null;
if (check === 'check') {
  const alone = new Map<string, Constraint[]>(modules.map((m) => [m.name, recognizeConstraints(m.assembly).constraints]));
  differences = fleetDifferences(constraints.constraints, alone, copies);
  // The second run (cached fits) must say the same.
  if (JSON.stringify(again.constraints) !== JSON.stringify(constraints.constraints)) differences.push('second run (fits cached) differs from the first');
}

process.stdout.write(`${JSON.stringify({
  parts: assembly.parts.length,
  triangles: assembly.parts.reduce((s, p) => s + p.indices.length / 3, 0),
  surfaces: assembly.parts.reduce((s, p) => s + p.surfaces.length, 0),
  modules: modules.length * copies,
  phases: { index, constraintsFresh: fresh, constraintsCached: cached, contacts: contactsPhase },
  fitted,
  constraints: constraints.constraints.length,
  surfacePairs: constraints.surfacePairs,
  contactPairs: contacts.candidatePairs,
  contacts: contacts.contacts.length,
  triangleTests: contacts.stats.triangleTests,
  differences,
})}\n`);
