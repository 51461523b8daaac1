// Bytes or a path to an unindexed Assembly: the file checked (format, trailer, external
// references, limits), its STEP names and product structure read, occt run once, and its
// answer built into parts (occtAssembly.ts), with warnings and progress.
import { SurfcdError } from '../errors.js';
import type { Assembly, LoadWarning } from '../model/types.js';
import { checkBrepCounts, checkDeflections, DEFAULT_MAX_FILE_BYTES, stepModelSize } from './limits.js';
import { occtModule, resetOcct, setOcctOutput, type OcctResult } from './occt.js';
import { firstError, readerWarnings, syntaxError } from './occtMessages.js';
import { OcctFailure, runOcct, type OcctSource } from './occtSession.js';
import { checkStepComplete, checkStepStructure, detectFormat, duplicateEntities, firstStepSyntaxError, stepShapeProducts, externalReferences, stepHasGeometry, stripBom, type CadFormat } from './sniff.js';
import { nameWarningMessage, printableName, rewriteStepNames } from './stepStrings.js';
import { DEFAULT_MS_PER_POINT, estimateMeshMs, stepMeshWork, type MeshWork } from './meshEstimate.js';
import { readStepStructure, type StepStructure } from './stepStructure.js';
import type { LoadOptions } from './loadOptions.js';
import { buildAssembly, DEFAULT_ANGULAR, occtParams } from './occtAssembly.js';

export type { LoadOptions } from './loadOptions.js';

const FORMATS: readonly CadFormat[] = ['step', 'iges', 'brep'];

/** Reads a CAD file (or its bytes) into an unindexed Assembly: one Part per solid, one Surface per B-rep face. */
export async function readAssembly(source: string | Uint8Array, options: LoadOptions = {}): Promise<Assembly> {
  checkLoadArguments(source, options);
  const label = typeof source === 'string' ? shortLabel(source) : 'input bytes';
  const maxBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  let bytes = typeof source === 'string' ? await readPath(source, label, maxBytes, options) : source;
  if (bytes.length > maxBytes) {
    throw new SurfcdError('RESOURCE_LIMIT', `${label}: ${bytes.length} bytes, over the read limit of ${maxBytes} bytes (maxFileBytes / --max-file-bytes raises it)`);
  }
  bytes = stripBom(bytes);
  if (isBlank(bytes)) {
    throw new SurfcdError('EMPTY_FILE', bytes.length === 0 ? `${label}: file is empty` : `${label}: file is empty (${bytes.length} bytes of whitespace only)`);
  }
  const params = occtParams(options);
  const progress = options.onProgress ?? ((): void => undefined);
  progress({ phase: 'read', done: 0, total: 1 });
  const format = options.format ?? detectFormat(bytes, typeof source === 'string' ? label : undefined);
  const warnings: LoadWarning[] = [];
  let prepared: PreparedStep = { input: bytes, resolveName: (name) => name, products: [], structure: null, work: null };
  if (format === 'step') prepared = prepareStep(bytes, label, options, warnings);
  else {
    checkDeflections(options, null, label);
    if (format === 'brep') checkBrepCounts(new TextDecoder('latin1').decode(bytes), label);
  }
  const { input, resolveName, products, structure } = prepared;
  progress({ phase: 'read', done: 1, total: 1 });
  const work = prepared.work;
  const msPerPoint = options.meshMsPerPoint ?? DEFAULT_MS_PER_POINT;
  progress({ phase: 'mesh', done: 0, total: 1, ...(work ? { estimateMs: estimateMeshMs(work, msPerPoint), points: work.points, msPerPoint } : {}) });
  const meshStart = performance.now();

  let result: OcctResult;
  let messages: readonly string[];
  try {
    // An instance the caller passed is theirs: after a crash it cannot be replaced here.
    const source: OcctSource = { module: () => occtModule(options), reset: options.occt ? () => undefined : resetOcct, setOutput: setOcctOutput };
    const run = await runOcct(source, (m) => (format === 'step' ? m.ReadStepFile(input, params) : format === 'iges' ? m.ReadIgesFile(input, params) : m.ReadBrepFile(input, params)));
    result = run.value;
    messages = run.messages;
  } catch (error) {
    if (error instanceof OcctFailure) throw occtFailure(error, options, label, format);
    if (error instanceof SurfcdError) throw error;
    throw new SurfcdError('IMPORT_FAILED', `${label}: cannot start OpenCascade (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const meshes = result?.success ? (result.meshes ?? []) : [];
  progress({ phase: 'mesh', done: 1, total: 1, elapsedMs: Math.round(performance.now() - meshStart), ...(work ? { points: work.points } : {}) });
  if (meshes.length === 0) {
    // occt reports an assembly without geometry either as a failure or as zero meshes.
    const refs = format === 'step' ? externalReferences(bytes) : [];
    if (refs.length > 0) {
      throw new SurfcdError(
        'EXTERNAL_REFERENCES',
        `${label}: the assembly keeps its parts in other files, which are not loaded: ${refs.join(', ')}. Export it as a single STEP file with all parts included`,
      );
    }
    const syntax = format === 'step' && !result?.success ? (firstStepSyntaxError(new TextDecoder('latin1').decode(bytes)) ?? syntaxError(messages)) : syntaxError(messages);
    if (syntax) throw new SurfcdError('PARSE_FAILED', `${label}: ${format.toUpperCase()} syntax error at ${syntax}`);
    if (result?.success || (format === 'step' && !stepHasGeometry(bytes))) {
      throw new SurfcdError('NO_SOLIDS', `${label}: the file contains no solids or surfaces to tessellate`);
    }
    const reason = firstError(messages);
    throw new SurfcdError('PARSE_FAILED', `${label}: OpenCascade could not read this ${format.toUpperCase()} file (${reason ?? 'the reader reported failure'})`);
  }
  warnings.push(...readerWarnings(messages, label));
  const assembly = buildAssembly(result, meshes, options, typeof source === 'string' ? source : undefined, { label, resolveName, warnings, structure, progress });
  warnMissingProducts(assembly, products, label);
  oneLineWarnings(warnings);
  if (assembly.parts.every((p) => p.indices.length === 0)) {
    const unit = format === 'step' ? /SI_UNIT\s*\(\s*\.(PICO|NANO|FEMTO|ATTO|MICRO)\.\s*,\s*\.METRE\./.exec(new TextDecoder('latin1').decode(bytes)) : null;
    throw new SurfcdError(
      'NO_TRIANGLES',
      `${label}: none of the ${assembly.parts.length} meshes OpenCascade returned has a triangle (every face degenerated${unit ? `; the file's length unit is ${unit[1]!.toLowerCase()}metre` : ''}: check the length unit and coordinates)`,
    );
  }
  return assembly;
}

interface PreparedStep {
  /** What occt reads: the file with its names replaced by keys (see stepStrings.ts). */
  input: Uint8Array;
  resolveName: (name: string) => string;
  /** Leaf products with a shape: each should come back with geometry. */
  products: { entity: number; name: string }[];
  /** The product structure the file states, to check occt's tree against. */
  structure: StepStructure | null;
  /** What occt's meshing is estimated from (STEP only). */
  work: MeshWork | null;
}

/** Everything checked and rewritten in a STEP file before occt sees it. */
function prepareStep(bytes: Uint8Array, label: string, options: LoadOptions, warnings: LoadWarning[]): PreparedStep {
  checkStepComplete(bytes, label);
  const text = new TextDecoder('latin1').decode(bytes);
  checkStepStructure(text, label);
  checkDeflections(options, stepModelSize(text), label);
  const duplicates = duplicateEntities(text);
  if (duplicates.length > 0) {
    const list = duplicates.slice(0, 5).map((d) => `${d.id} (${d.count}×)`).join(', ');
    warnings.push({ code: 'DUPLICATE_ENTITY', message: `${label}: ${duplicates.length} entity id(s) defined more than once: ${list}${duplicates.length > 5 ? ', …' : ''}; only one definition of each is used` });
  }
  const names = rewriteStepNames(bytes);
  for (const w of names.warnings) warnings.push({ code: 'NAME_ENCODING', message: `${label}: ${nameWarningMessage(w)}` });
  const shaped = stepShapeProducts(text);
  const structure = readStepStructure(text, new Map(names.products.map((p) => [p.entity, p.name])));
  return { input: names.bytes, resolveName: names.resolve, products: names.products.filter((p) => shaped.has(p.entity)), structure, work: stepMeshWork(text) };
}

/** A PRODUCT of the file that appears nowhere in what occt returned was dropped by it: say so. */
function warnMissingProducts(assembly: Assembly, products: { entity: number; name: string }[], label: string): void {
  const seen = new Set<string>(assembly.parts.map((p) => p.name));
  const stack = [assembly.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    seen.add(node.name);
    stack.push(...node.children);
  }
  for (const p of products) {
    if (!seen.has(p.name)) {
      (assembly.warnings as LoadWarning[]).push({ code: 'NO_GEOMETRY', message: `${label}: product "${p.name}" (#${p.entity}) is in the file but no geometry was read for it` });
    }
  }
}

/** A warning is one line: control characters a name carries (\X\0A, raw bytes) are written as escapes. */
function oneLineWarnings(warnings: LoadWarning[]): void {
  for (let i = 0; i < warnings.length; i++) {
    const w = warnings[i]!;
    const message = printableName(w.message);
    if (message !== w.message) warnings[i] = { ...w, message };
  }
}

/** Arguments are checked before anything is read, with the option's name. */
function checkLoadArguments(source: unknown, options: unknown): asserts options is LoadOptions {
  if (typeof source === 'string') {
    if (source === '') throw new SurfcdError('INVALID_OPTION', 'loadAssembly: the file path is empty');
    if (/[\r\n]/.test(source) || /^\s*ISO-10303-21/.test(source) || source.length > 4096) {
      throw new SurfcdError(
        'INVALID_OPTION',
        `loadAssembly: got file contents (${source.length} characters starting ${JSON.stringify(source.slice(0, 24))}) where a file path was expected; pass the bytes instead (new TextEncoder().encode(text))`,
      );
    }
  } else if (!(source instanceof Uint8Array)) {
    throw new SurfcdError('INVALID_OPTION', `loadAssembly: expected a file path or a Uint8Array, got ${source === null ? 'null' : Array.isArray(source) ? 'an array' : typeof source}`);
  }
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new SurfcdError('INVALID_OPTION', `loadAssembly: options must be an object, got ${options === null ? 'null' : Array.isArray(options) ? 'an array' : typeof options}`);
  }
  const o = options as Record<string, unknown>;
  if (o['format'] !== undefined && !(typeof o['format'] === 'string' && (FORMATS as readonly string[]).includes(o['format']))) {
    throw new SurfcdError('INVALID_OPTION', `loadAssembly: format must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(o['format']) ?? String(o['format'])}`);
  }
  const positive = (name: string, value: unknown, extra = ''): void => {
    if (value !== undefined && !(typeof value === 'number' && Number.isFinite(value) && value > 0)) {
      throw new SurfcdError('INVALID_OPTION', `loadAssembly: ${name} must be a positive number${extra}, got ${String(value)}`);
    }
  };
  positive('linearDeflection', o['linearDeflection'], ' of mm');
  positive('meshMsPerPoint', o['meshMsPerPoint'], ' of ms');
  if (o['angularDeflection'] !== undefined && !(typeof o['angularDeflection'] === 'number' && o['angularDeflection'] > 0 && o['angularDeflection'] < Math.PI)) {
    throw new SurfcdError('INVALID_OPTION', `loadAssembly: angularDeflection must be in (0, π) radians, got ${String(o['angularDeflection'])}`);
  }
  if (o['onProgress'] !== undefined && typeof o['onProgress'] !== 'function') {
    throw new SurfcdError('INVALID_OPTION', `loadAssembly: onProgress must be a function, got ${o['onProgress'] === null ? 'null' : typeof o['onProgress']}`);
  }
  for (const name of ['maxTriangles', 'maxFileBytes']) {
    const v = o[name];
    if (v !== undefined && !(typeof v === 'number' && Number.isSafeInteger(v) && v > 0)) {
      throw new SurfcdError('INVALID_OPTION', `loadAssembly: ${name} must be a positive integer, got ${String(v)}`);
    }
  }
}

/** Paths go through `options.readFile` (the Node entry sets it), so this module stays browser-safe. */
async function readPath(path: string, label: string, maxBytes: number, options: LoadOptions): Promise<Uint8Array> {
  if (typeof options.readFile !== 'function') {
    throw new SurfcdError('INVALID_OPTION', `${label}: reading a file path needs the Node entry ('surfcd') or a "readFile" option; here pass the file's bytes (Uint8Array)`);
  }
  const bytes = await options.readFile(path, maxBytes);
  if (!(bytes instanceof Uint8Array)) throw new SurfcdError('INVALID_OPTION', `${label}: readFile returned ${typeof bytes}, expected a Uint8Array`);
  return bytes;
}

/** A path as shown in messages: long ones are cut, so a message stays one readable line. */
function shortLabel(path: string): string {
  return path.length <= 200 ? path : `${path.slice(0, 100)}…${path.slice(-60)}`;
}

function isBlank(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i]!;
    if (b !== 0x20 && b !== 0x0a && b !== 0x0d && b !== 0x09 && b !== 0x0c && b !== 0x0b) return false;
  }
  return true;
}

/** An occt crash: blame the option that asked for too much, else the reader — never a valid file's syntax. */
function occtFailure(failure: OcctFailure, options: LoadOptions, label: string, format: CadFormat): SurfcdError {
  const finer = [
    options.linearDeflection !== undefined ? `linearDeflection (--linear-deflection) ${options.linearDeflection}` : '',
    options.angularDeflection !== undefined && options.angularDeflection < DEFAULT_ANGULAR ? `angularDeflection (--angular-deflection) ${options.angularDeflection}` : '',
  ].filter(Boolean);
  if (finer.length > 0) {
    return new SurfcdError(
      'RESOURCE_LIMIT',
      `${label}: OpenCascade ran out of resources meshing with ${finer.join(' and ')} (${failure.message}); use a coarser value. The reader was restarted`,
      { cause: failure },
    );
  }
  const said = firstError(failure.messages);
  return new SurfcdError(
    'IMPORT_FAILED',
    `${label}: OpenCascade failed inside its ${format.toUpperCase()} reader (${failure.message}${said ? `; it said: ${said}` : ''}); ${options.occt ? 'the occt instance passed in is now unusable: pass a fresh one' : 'the reader was restarted'}`,
    { cause: failure },
  );
}
