// surfcd benchmark suite: `npm run bench [-- --quick] [-- --only path,scaling] [-- --out file]`.
// Prints one table per scenario and writes the same figures to bench-results.json.
import { renameSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { BenchOptions, ScenarioOutput, TargetCheck } from './context.js';
import { narrowComparison } from './scenarios/narrowPhases.js';
import { obbTests } from './scenarios/obbTests.js';
import { maintenancePath } from './scenarios/path.js';
import { motionScenario } from './scenarios/motion.js';
import { proximity } from './scenarios/proximity.js';
import { scaling } from './scenarios/scaling.js';
import { tumbling } from './scenarios/tumbling.js';
import { cold } from './scenarios/cold.js';
import { atRest } from './scenarios/atRest.js';
import { removalScenario } from './scenarios/removal.js';
import { fittingScenario } from './scenarios/fitting.js';
import { assemblyScale } from './scenarios/assemblyScale.js';
import { fmt, hasShared, machine, note, projectRoot, sharedStep, sharedStepDir, sink, table } from './util.js';
import { nodeBytes, paperRows, papersMarkdown } from './papersPage.js';
import { sharedAssembly } from './context.js';

const SCENARIOS: Record<string, (o: BenchOptions) => Promise<ScenarioOutput>> = {
  tumbling,
  path: maintenancePath,
  proximity,
  scaling,
  motion: motionScenario,
  narrow: narrowComparison,
  obbtests: obbTests,
  cold,
  atRest,
  removal: removalScenario,
  fitting: fittingScenario,
  assembly: assemblyScale,
};

const USAGE = `usage: npm run bench -- [--quick] [--only ${Object.keys(SCENARIOS).join(',')}] [--out bench-results.json]
  --quick   fewer steps, repeats and tessellation levels (under 2 minutes)
  --only    run only these scenarios (comma-separated)
  --out     where to write the JSON results (default: bench-results.json in the project root)`;

async function main(): Promise<void> {
  let args;
  try {
    args = parseArgs({
      options: {
        quick: { type: 'boolean', default: false },
        only: { type: 'string' },
        out: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    }).values;
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n${USAGE}\n`);
    process.exit(2);
  }
  if (args.help) {
    process.stdout.write(USAGE + '\n');
    return;
  }
  const names = args.only ? args.only.split(',').map((s) => s.trim()).filter(Boolean) : Object.keys(SCENARIOS);
  const unknown = names.filter((n) => !SCENARIOS[n]);
  if (unknown.length > 0) {
    process.stderr.write(`unknown scenario ${unknown.join(', ')}\n${USAGE}\n`);
    process.exit(2);
  }
  if (!globalThis.gc) note('node runs without --expose-gc: no full GC between runs, and heap deltas are rough (use npm run bench)');
  const opts: BenchOptions = { quick: args.quick };
  const startMachine = machine();
  const started = new Date();
  const t0 = performance.now();
  process.stdout.write(
    `surfcd bench${opts.quick ? ' (quick)' : ''} — ${started.toISOString()}\n` +
      `machine: ${startMachine.cpu}, ${startMachine.cores} cores, ${startMachine.memoryGiB} GiB, ${startMachine.platform}, Node ${startMachine.node} (V8 ${startMachine.v8}); load average at start ${startMachine.loadAverage.join(' / ')}\n` +
      `peer: three-mesh-bvh (default options: CENTER split, leaf size 10) on the same Float64 positions and indices; poses as three.js Matrix4 for both\n` +
      (hasShared() ? '' : `NOTE: ${sharedStepDir} not found: scenarios on as1-oc-214 are skipped\n`),
  );
  const results: Record<string, unknown> = {};
  const targets: TargetCheck[] = [];
  const durations: Record<string, number> = {};
  for (const name of names) {
    const s0 = performance.now();
    note(`scenario ${name}`);
    const out = await SCENARIOS[name]!(opts);
    results[name] = out.json;
    targets.push(...out.targets);
    durations[name] = (performance.now() - s0) / 1000;
    note(`scenario ${name} took ${durations[name]!.toFixed(1)} s`);
  }
  if (targets.length > 0) {
    process.stdout.write(
      table(
        'Targets (goals, not asserts)',
        ['target', 'where', 'value', 'met'],
        targets.map((t) => [t.target, t.where, t.value, t.met ? 'yes' : 'NO']),
      ),
    );
  }
  const endMachine = machine();
  const seconds = (performance.now() - t0) / 1000;
  process.stdout.write(`\ntotal ${fmt(seconds)} s (${Object.entries(durations).map(([n, s]) => `${n} ${s.toFixed(0)} s`).join(', ')}); load average at end ${endMachine.loadAverage.join(' / ')}\n`);

  const doc = {
    schema: 'surfcd/bench@1',
    date: started.toISOString(),
    quick: opts.quick,
    machine: { ...startMachine, loadAverageAtEnd: endMachine.loadAverage },
    peer: { name: 'three-mesh-bvh', options: 'defaults (CENTER, targetLeafSize 10, non-indirect)' },
    durationsSeconds: durations,
    totalSeconds: seconds,
    scenarios: results,
    targets,
    checksum: sink.value,
  };
  const narrow = results['narrow'] as { skipped?: boolean } | undefined;
  if (narrow && !narrow.skipped && results['obbtests']) {
    const as1 = await sharedAssembly(sharedStep('as1-oc-214.stp'));
    const rows = paperRows(narrow as Parameters<typeof paperRows>[0], results['obbtests'] as Parameters<typeof paperRows>[1], nodeBytes(as1.parts));
    const page = papersMarkdown(rows, narrow as Parameters<typeof paperRows>[0], { date: started.toISOString().slice(0, 10), machine: `${startMachine.cpu}, ${startMachine.cores} cores, Node ${startMachine.node}, load ${startMachine.loadAverage.join(' / ')}`, quick: opts.quick });
    const pagePath = resolve(projectRoot, 'docs/papers.md');
    writeFileSync(`${pagePath}.${process.pid}.tmp`, page);
    renameSync(`${pagePath}.${process.pid}.tmp`, pagePath);
    process.stdout.write(`papers page written to ${pagePath}\n`);
  }
  const outPath = resolve(process.cwd(), args.out ?? resolve(projectRoot, 'bench-results.json'));
  const tmp = `${outPath}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(doc, null, 2) + '\n');
  renameSync(tmp, outPath);
  process.stdout.write(`results written to ${outPath}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
