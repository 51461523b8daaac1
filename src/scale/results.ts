/**
 * A job's result on its way back through Redis. Values are structured-cloned (v8
 * serialization keeps every double exactly, -0 and NaN included, which JSON would not), then
 * sent inline as base64 when small; a larger one is written beside the cache, in the shared
 * directory every worker and the coordinator see, and the job's result names the file.
 */
import { deserialize, serialize } from 'node:v8';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SurfcdError } from '../errors.js';

/** Results up to this many bytes travel inside Redis; larger ones go to the shared directory. */
export const INLINE_RESULT_BYTES = 512 * 1024;

export type EncodedResult = { inline: string } | { stored: string };

/** The encoded result of job `jobId`, spilled to `<sharedDir>/results/` when large. */
export async function encodeResult(value: unknown, jobId: string, sharedDir: string | null, inlineLimit = INLINE_RESULT_BYTES): Promise<EncodedResult> {
  const bytes = serialize(value);
  if (bytes.length <= inlineLimit) return { inline: bytes.toString('base64') };
  if (sharedDir === null) {
    throw new SurfcdError('QUEUE_FAILED', `job ${jobId}: its result (${bytes.length} bytes) is larger than ${inlineLimit} bytes and the job names no shared directory (--cache) to store it in`);
  }
  // The id becomes a file name: hex keys and dashes only, never a path.
  if (!/^[A-Za-z0-9-]{1,200}$/.test(jobId)) throw new SurfcdError('QUEUE_FAILED', `job ${JSON.stringify(jobId.slice(0, 80))}: not an id surfcd makes; its result is not stored`);
  const dir = join(sharedDir, 'results');
  const path = join(dir, `${jobId}.v8`);
  const temp = `${path}.${process.pid}.tmp`;
  await mkdir(dir, { recursive: true });
  await writeFile(temp, bytes);
  await rename(temp, path);
  return { stored: path };
}

/** The value of an encoded result. A stored one stays: it is keyed by the job, whose id is a content hash. */
export async function decodeResult(encoded: unknown, jobId: string): Promise<unknown> {
  if (encoded && typeof encoded === 'object' && 'inline' in encoded && typeof encoded.inline === 'string') {
    return deserialize(Buffer.from(encoded.inline, 'base64'));
  }
  if (encoded && typeof encoded === 'object' && 'stored' in encoded && typeof encoded.stored === 'string') {
    let bytes: Buffer;
    try {
      bytes = await readFile(encoded.stored);
    } catch (error) {
      throw new SurfcdError('QUEUE_FAILED', `job ${jobId}: its stored result ${encoded.stored} cannot be read (${(error as NodeJS.ErrnoException).code ?? String(error)}); is the --cache directory shared with the workers?`);
    }
    return deserialize(bytes);
  }
  throw new SurfcdError('QUEUE_FAILED', `job ${jobId}: its result is not one surfcd wrote (another program uses this queue?)`);
}
