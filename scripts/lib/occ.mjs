// replicad + OpenCascade (WASM) setup and deterministic STEP export.
import initOC from 'replicad-opencascadejs';
import * as R from 'replicad';

let ready = null;

/** Initialise OpenCascade once (quietly: OCCT prints transfer statistics on stdout). */
export async function initReplicad() {
  if (!ready) {
    ready = initOC({ print: () => {}, printErr: () => {} }).then((oc) => {
      R.setOC(oc);
      return R;
    });
  }
  return ready;
}

const stepString = (s) => `'${String(s).replace(/'/g, "''")}'`;

/**
 * Write named, coloured solids to one STEP (AP242, mm) and make the bytes
 * reproducible: OCCT stamps the current time and a generic model name into
 * FILE_NAME / FILE_DESCRIPTION, which are replaced by fixed values here.
 *
 * @param {{shape: any, name: string, color: string}[]} parts
 * @param {{fileName: string, description: string}} header
 * @returns {Promise<Buffer>}
 */
export async function exportStepDeterministic(parts, { fileName, description }) {
  const blob = R.exportSTEP(parts, { unit: 'mm', modelUnit: 'mm' });
  let text = Buffer.from(await blob.arrayBuffer()).toString('latin1');
  const desc = /FILE_DESCRIPTION\([\s\S]*?\);/;
  const name = /FILE_NAME\([\s\S]*?\);/;
  if (!desc.test(text) || !name.test(text)) throw new Error('unexpected STEP header from OCCT');
  text = text.replace(desc, `FILE_DESCRIPTION((${stepString(description)}),'2;1');`);
  text = text.replace(
    name,
    `FILE_NAME(${stepString(fileName)},'2000-01-01T00:00:00',('surfcd'),('surfcd'),\n` +
      `  'Open CASCADE STEP processor','surfcd scripts/generate-samples.mjs','');`,
  );
  if (/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/.test(text.replace('2000-01-01T00:00:00', ''))) {
    throw new Error('STEP still contains a timestamp');
  }
  return Buffer.from(text, 'latin1');
}
