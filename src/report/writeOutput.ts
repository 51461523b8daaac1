import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { SurfcdError } from '../errors.js';

/**
 * Writes to a temporary name beside the target, then renames: a reader never sees a
 * half-written report, and a failure leaves any previous file untouched.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  const temp = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content);
    await rename(temp, path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw new SurfcdError('WRITE_FAILED', `${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
  }
}
