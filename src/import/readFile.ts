/** Node-only: reading a CAD file from disk (the `surfcd` entry passes this as `readFile`). */
import { readFile, stat } from 'node:fs/promises';
import { SurfcdError } from '../errors.js';

export async function readCadFile(path: string): Promise<Uint8Array> {
  try {
    const info = await stat(path);
    if (info.isDirectory()) throw new SurfcdError('FILE_UNREADABLE', `${path}: is a directory, expected a CAD file`);
    return new Uint8Array(await readFile(path));
  } catch (error) {
    if (error instanceof SurfcdError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new SurfcdError('FILE_NOT_FOUND', `${path}: no such file`);
    throw new SurfcdError('FILE_UNREADABLE', `${path}: cannot read (${code ?? String(error)})`, { cause: error });
  }
}
