/**
 * The one error type surfcd throws for bad input. `code` is stable and machine-readable;
 * the message names the file, part, field or line and what was expected.
 */
export type SurfcdErrorCode =
  | 'FILE_NOT_FOUND'
  | 'FILE_UNREADABLE'
  | 'EMPTY_FILE'
  | 'UNKNOWN_FORMAT'
  | 'PARSE_FAILED'
  | 'IMPORT_FAILED'
  | 'RESOURCE_LIMIT'
  | 'NO_TRIANGLES'
  | 'STRICT_WARNINGS'
  | 'NO_SOLIDS'
  | 'EXTERNAL_REFERENCES'
  | 'INVALID_POSE'
  | 'INVALID_MESH'
  | 'INVALID_OPTION'
  | 'INVALID_ARGUMENT'
  | 'UNKNOWN_PART'
  | 'PLUGIN_FAILED'
  | 'WRITE_FAILED'
  | 'INVALID_SCRIPT'
  | 'INVALID_CACHE'
  | 'WORKER_FAILED'
  | 'VOLUME_FAILED'
  | 'QUEUE_UNREACHABLE'
  | 'QUEUE_FAILED';

export class SurfcdError extends Error {
  readonly code: SurfcdErrorCode;

  constructor(code: SurfcdErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SurfcdError';
    this.code = code;
  }
}

/** A value as an error message names what it got: `missing`, `null`, `an array`, `a function`, `an object`, or its type and JSON. */
export function describeValue(v: unknown): string {
  return v === undefined ? 'missing' : v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'function' ? 'a function' : typeof v === 'object' ? 'an object' : `${typeof v} ${JSON.stringify(v)}`;
}

export function isSurfcdError(value: unknown): value is SurfcdError {
  return value instanceof SurfcdError;
}
