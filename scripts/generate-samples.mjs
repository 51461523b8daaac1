#!/usr/bin/env node
// Generates the STEP samples in samples/ and their ground-truth mate lists.
//
//   node scripts/generate-samples.mjs        (or: npm run samples)
//
// Every sample is built from one table of numbers; the same numbers produce the
// solids (replicad / OpenCascade) and the mates JSON, so the two cannot drift apart.
// Before anything is written, exact B-rep checks assert that no two parts overlap in
// volume and that the touching part pairs are exactly those the mates say touch.
// Output is byte-for-byte reproducible: the STEP header timestamp is fixed, and each
// sample is built in its own worker thread with a fresh OpenCascade instance (OCCT's
// STEP writer orders some entities by memory address, so a shared instance would make
// a sample's bytes depend on which samples were built before it in the same process).
//
//   node scripts/generate-samples.mjs [sample ...]     only the named samples
import { mkdir, rename, writeFile, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

import { initReplicad, exportStepDeterministic } from './lib/occ.mjs';
import { matesDocument, tidy } from './lib/mates.mjs';
import { verifySample } from './lib/verify.mjs';
import { disassemblySamples } from './samples/disassembly.mjs';
import { FIT_SAMPLES } from './samples/fits.mjs';
import { buildRig, buildShaftBearings, buildBallJoint, buildConeSeat, buildRotatedRig } from './samples/classic.mjs';
import { GEAR_SAMPLES } from './samples/gears.mjs';
import { REVIEW_SAMPLES } from './samples/review.mjs';
import { SPRING_SAMPLES } from './samples/spring.mjs';
import { FASTENER_SAMPLES } from './samples/fasteners.mjs';
import { CLEARANCE_SAMPLES } from './samples/clearance.mjs';
import { CAPTIVE_SAMPLES } from './samples/captive.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const OUT = path.join(ROOT, 'samples');

/** replicad, set in the worker that builds a sample */
let R;

// ---------------------------------------------------------------------------

const SAMPLES = [
  { name: 'rig', build: buildRig, description: 'surfcd sample rig: plate, bolt, nut, bearing, shaft, pin' },
  { name: 'shaft-bearings', build: buildShaftBearings, description: 'surfcd sample shaft-bearings: housing, two bearings, shaft, keyed hub' },
  { name: 'ball-joint', build: buildBallJoint, description: 'surfcd sample ball-joint: ball on a stem in a spherical socket' },
  { name: 'cone-seat', build: buildConeSeat, description: 'surfcd sample cone-seat: valve cone in a conical seat' },
  { name: 'rotated-rig', build: buildRotatedRig, description: 'surfcd sample rotated-rig: rig under 23 deg about (1,2,3) plus a translation' },
  ...disassemblySamples(() => R),
  ...FIT_SAMPLES,
  ...GEAR_SAMPLES,
  ...REVIEW_SAMPLES,
  ...SPRING_SAMPLES,
  ...FASTENER_SAMPLES,
  ...CLEARANCE_SAMPLES,
  ...CAPTIVE_SAMPLES,
];

/** Write via a temporary name + rename; leave the file alone if the bytes are unchanged. */
async function writeAtomic(file, data) {
  const bytes = Buffer.from(data);
  const old = await readFile(file).catch(() => null);
  if (old && Buffer.compare(old, bytes) === 0) return false;
  const tmp = `${file}.tmp-${process.pid}`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
  return true;
}

/** Worker: build, verify and serialise one sample. */
async function buildSample(name) {
  R = await initReplicad();
  const s = SAMPLES.find((x) => x.name === name);
  const t0 = performance.now();
  const { parts, mates, transform, removal, truth } = s.build();
  const t1 = performance.now();
  const measured = verifySample(s.name, parts, mates);
  const t2 = performance.now();
  const stepFile = `${s.name}.step`;
  const step = await exportStepDeterministic(parts, { fileName: stepFile, description: s.description });
  const json = matesDocument({ sample: s.name, file: stepFile, parts, transform, mates, removal });
  // ground truth beyond mates (fastener roles, joints, overlaps by construction, moves): same numbers as the geometry;
  // a sample may write its own document, with what the B-rep check measured (clearance gaps, volumes)
  const truthJson = truth ? (s.truthDocument ? s.truthDocument(s.name, stepFile, truth, measured) : `${JSON.stringify(tidy(truth), null, 2)}\n`) : null;
  const t3 = performance.now();
  const summary = { parts: parts.length, mates: mates.list.length, build: t1 - t0, verify: t2 - t1, write: t3 - t2 };
  for (const p of parts) p.shape.delete();
  return { step, json, truthJson, summary };
}

function runWorker(name) {
  return new Promise((resolve, reject) => {
    const w = new Worker(fileURLToPath(import.meta.url), { workerData: { name } });
    w.once('message', resolve);
    w.once('error', reject);
    w.once('exit', (code) => code && reject(new Error(`${name}: worker exited with code ${code}`)));
  });
}

async function main() {
  const args = process.argv.slice(2);
  const unknown = args.filter((a) => !SAMPLES.some((s) => s.name === a));
  if (unknown.length) {
    console.error(`unknown sample(s): ${unknown.join(', ')}; known: ${SAMPLES.map((s) => s.name).join(', ')}`);
    process.exit(2);
  }
  const todo = SAMPLES.filter((s) => !args.length || args.includes(s.name)).map((s) => s.name);
  await mkdir(OUT, { recursive: true });
  const t0 = performance.now();
  const results = new Map();
  const lanes = Math.max(1, Math.min(2, os.availableParallelism?.() ?? os.cpus().length));
  const queue = [...todo];
  await Promise.all(
    Array.from({ length: lanes }, async () => {
      while (queue.length) {
        const name = queue.shift();
        results.set(name, await runWorker(name));
      }
    }),
  );
  for (const name of todo) {
    const { step, json, truthJson, summary } = results.get(name);
    const w1 = await writeAtomic(path.join(OUT, `${name}.step`), step);
    const w2 = await writeAtomic(path.join(OUT, `${name}.mates.json`), json);
    if (truthJson) await writeAtomic(path.join(OUT, `${name}.truth.json`), truthJson);
    console.log(
      `${name.padEnd(15)} ${summary.parts} parts, ${String(summary.mates).padStart(2)} mates, ` +
        `${(step.length / 1024).toFixed(0).padStart(4)} KiB STEP${w1 || w2 ? '' : ' (unchanged)'}  ` +
        `build ${summary.build.toFixed(0)} ms, check ${summary.verify.toFixed(0)} ms, export ${summary.write.toFixed(0)} ms`,
    );
  }
  console.log(`done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
}

if (isMainThread) {
  try {
    await main();
  } catch (e) {
    // one line, no stack: nothing has been written when a sample fails its checks
    console.error(`generate-samples: ${e?.message ?? e}`);
    process.exit(1);
  }
} else {
  const { step, json, truthJson, summary } = await buildSample(workerData.name);
  parentPort.postMessage({ step, json, truthJson, summary });
}
