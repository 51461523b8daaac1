import { randomBytes } from 'node:crypto';
import { chmod, lstat, readlink, realpath, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { SurfcdError } from '../errors.js';

/**
 * Writes to a temporary name beside the target, then renames: a reader never sees a
 * half-written report, and a failure leaves any previous file untouched (the temporary
 * file is removed on every failure).
 *
 * What users expect of `--out`: a symlink is followed (its target is written, the link
 * stays a link), an existing file keeps its mode, and FIFOs, devices and directories are
 * refused — renaming over them would replace them instead of writing into them.
 */
export async function writeFileAtomic(path: string, content: string): Promise<void> {
  if (typeof path !== 'string' || path.trim() === '') throw new SurfcdError('INVALID_OPTION', '--out: expected a file name, got ""');
  const target = await resolveTarget(path);
  const mode = target.mode;
  const temp = `${target.path}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    await writeFile(temp, content, { flag: 'wx', ...(mode !== undefined ? { mode } : {}) });
    if (mode !== undefined) await chmod(temp, mode); // writeFile's mode is filtered by the umask
    await rename(temp, target.path);
  } catch (error) {
    await unlink(temp).catch(() => undefined);
    throw new SurfcdError('WRITE_FAILED', `${path}: cannot write (${(error as NodeJS.ErrnoException).code ?? String(error)})`, { cause: error });
  }
}

/** The file to replace (through symlinks) and the mode to keep; refuses what is not a regular file. */
async function resolveTarget(path: string): Promise<{ path: string; mode?: number }> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT') throw new SurfcdError('WRITE_FAILED', `${path}: cannot write (${code ?? String(error)})`, { cause: error });
    // A new file, or a dangling symlink: write where the link points (or the path itself).
    return { path: await danglingTarget(path) };
  }
  const info = await stat(real);
  if (info.isFile()) return { path: real, mode: info.mode & 0o7777 };
  const kind = info.isDirectory() ? 'a directory' : info.isFIFO() ? 'a FIFO' : info.isCharacterDevice() || info.isBlockDevice() ? 'a device' : info.isSocket() ? 'a socket' : 'not a regular file';
  throw new SurfcdError('WRITE_FAILED', `${path}: is ${kind}; --out writes regular files only (omit --out to write to stdout)`);
}

async function danglingTarget(path: string): Promise<string> {
  let current = path;
  for (let hops = 0; hops < 40; hops++) {
    const info = await lstat(current).catch(() => null);
    if (!info?.isSymbolicLink()) return current;
    current = resolve(dirname(current), await readlink(current));
  }
  throw new SurfcdError('WRITE_FAILED', `${path}: too many levels of symbolic links`);
}
