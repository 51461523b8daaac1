import { readFile } from 'node:fs/promises';
import cliProgress from 'cli-progress';
import { Option, type Command } from 'commander';
import { SurfcdError } from '../errors.js';
import { simulationJson, simulationMarkdown, simulationTable } from '../report/simulationReport.js';
import { openAssembly } from '../spatial/load.js';
import { updateAssemblyCache } from '../spatial/loadCached.js';
import { addLoadOptions, loadOptions, reportWarnings, type LoadFlags } from './loadFlags.js';
import { emit, parseNumber, status } from './output.js';

/** Exit code of the last simulate run: 3 when a step did not meet its `expect`. */
let pendingExitCode = 0;
export function takeSimulateExitCode(): number {
  const code = pendingExitCode;
  pendingExitCode = 0;
  return code;
}

export function registerSimulateCommand(program: Command): void {
  addLoadOptions(program
    .command('simulate'))
    .description('run a maintenance motion script (surfcd/motion@1): move parts step by step, report what is free and what is blocked, where and by which surfaces')
    .argument('<assembly>', 'STEP, IGES or BREP file')
    .argument('<script>', 'motion script (JSON, "schema": "surfcd/motion@1")')
    .option('-t, --tolerance <mm>', "closer than this counts as contact (default: the script's defaults.tolerance, else 0.01)")
    .option('--min-clearance <mm>', 'required clearance: a free step passing closer than this to a part it did not touch is "tight" and fails expect "free"')
    .addOption(new Option('--format <format>', 'output format').choices(['table', 'json', 'md']).default('table'))
    .option('-o, --out <file>', 'write the report to a file instead of stdout')
    .addHelpText('after', '\nExit codes: 0 every step met its "expect", 3 some step did not, 1 bad input, 2 bad usage.')
    .action(async (file: string, scriptFile: string, flags: LoadFlags & { tolerance?: string; minClearance?: string; format: string }) => {
      pendingExitCode = 0;
      const tolerance = flags.tolerance !== undefined ? parseNumber('--tolerance', flags.tolerance, { min: 0 }) : undefined;
      const minClearance = flags.minClearance !== undefined ? parseNumber('--min-clearance', flags.minClearance, { min: 0, exclusiveMin: true }) : undefined;
      const load = loadOptions(flags, file);
      let text: string;
      try {
        text = await readFile(scriptFile, 'utf8');
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'FILE_NOT_FOUND' : 'FILE_UNREADABLE';
        throw new SurfcdError(code, `${scriptFile}: cannot read the motion script (${(error as Error).message})`);
      }
      // Check the script before paying for the import.
      // Loaded here, not at start-up: the schema library costs every other command ~0.1 s.
      const { parseMotionScript } = await import('../simulate/script.js');
      const { simulate } = await import('../simulate/simulate.js');
      const script = parseMotionScript(text, scriptFile);
      const stop = status(`loading ${file}`);
      const loadStart = performance.now();
      // Through the indexed-assembly cache, as every other command.
      const loaded = await openAssembly(file, load).finally(stop);
      const assembly = loaded.assembly;
      reportWarnings(assembly, flags.strict);
      const bar = process.stderr.isTTY ? new cliProgress.SingleBar({ format: 'simulating {bar} {value}/{total} steps  {step}', stream: process.stderr, hideCursor: true }, cliProgress.Presets.shades_classic) : null;
      bar?.start(script.steps.length, 0, { step: '' });
      const simulateStart = performance.now();
      let result;
      try {
        result = simulate(assembly, script, { source: scriptFile, ...(tolerance !== undefined ? { tolerance } : {}), ...(minClearance !== undefined ? { minClearance } : {}), onStep: (s, i) => bar?.update(i + 1, { step: s.id }) });
      } finally {
        bar?.stop();
      }
      if (flags.timings) process.stderr.write(`load ${Math.round((simulateStart - loadStart) * 10) / 10} ms, simulate ${Math.round((performance.now() - simulateStart) * 10) / 10} ms\n`);
      // Keep the surface kinds the verdicts fitted, so the next run skips the fitting.
      await updateAssemblyCache(loaded);
      const out = flags.format === 'json' ? simulationJson(result) : flags.format === 'md' ? simulationMarkdown(result) : simulationTable(result);
      await emit(out, flags.out);
      pendingExitCode = result.summary.notMet > 0 ? 3 : 0;
    });
}
