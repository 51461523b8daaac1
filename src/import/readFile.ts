/** Node-only: reading a CAD file from disk or a pipe, with a size cap (the `surfcd` entry passes this as `readFile`). */
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { SurfcdError } from '../errors.js';
import { DEFAULT_MAX_FILE_BYTES } from './limits.js';

/**
 * Reads a file with a size cap. Regular files and FIFOs (pipes, /dev/stdin from a pipe) are
 * read; devices, sockets and directories are refused before a byte is read, so
 * `/dev/zero` or `/dev/urandom` cannot fill memory.
 */
export async function readCadFile(path: string, maxBytes: number = DEFAULT_MAX_FILE_BYTES): Promise<Uint8Array> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new SurfcdError('FILE_NOT_FOUND', `${path}: no such file`);
    throw new SurfcdError('FILE_UNREADABLE', `${path}: cannot read (${code ?? String(error)})`, { cause: error });
  }
  if (info.isDirectory()) throw new SurfcdError('FILE_UNREADABLE', `${path}: is a directory, expected a CAD file`);
  if (!info.isFile() && !info.isFIFO()) {
    const kind = info.isCharacterDevice() ? 'a character device' : info.isBlockDevice() ? 'a block device' : info.isSocket() ? 'a socket' : 'not a regular file';
    throw new SurfcdError('FILE_UNREADABLE', `${path}: is ${kind}, expected a regular file or a pipe`);
  }
  if (info.isFile() && info.size > maxBytes) throw tooLarge(path, info.size, maxBytes);
  try {
    if (info.isFile()) {
      const handle = await open(path, 'r');
      try {
        // Read at most maxBytes + 1: a file growing while read still cannot pass the cap.
        const buffer = new Uint8Array(Math.min(info.size, maxBytes) + 1);
        let length = 0;
        for (;;) {
          const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
          if (bytesRead === 0) break;
          length += bytesRead;
          if (length === buffer.length) break;
        }
        if (length > maxBytes) throw tooLarge(path, length, maxBytes);
        return buffer.subarray(0, length);
      } finally {
        await handle.close();
      }
    }
    return await readStreamCapped(path, maxBytes);
  } catch (error) {
    if (error instanceof SurfcdError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new SurfcdError('FILE_UNREADABLE', `${path}: cannot read (${code ?? String(error)})`, { cause: error });
  }
}

async function readStreamCapped(path: string, maxBytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const stream = createReadStream(path);
  try {
    for await (const chunk of stream) {
      length += (chunk as Uint8Array).length;
      if (length > maxBytes) throw tooLarge(path, length, maxBytes, true);
      chunks.push(chunk as Uint8Array);
    }
  } finally {
    stream.destroy();
  }
  const out = new Uint8Array(length);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

function tooLarge(path: string, size: number, maxBytes: number, atLeast = false): SurfcdError {
  return new SurfcdError(
    'RESOURCE_LIMIT',
    `${path}: ${atLeast ? 'more than' : 'is'} ${size} bytes, over the read limit of ${maxBytes} bytes (maxFileBytes / --max-file-bytes raises it)`,
  );
}

