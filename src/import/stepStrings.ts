/**
 * STEP (ISO 10303-21) string literals: decoding as the standard says, plus the 8-bit
 * exports real CAD systems write anyway, and the substitution that lets surfcd, not
 * OpenCascade, decide what part names say.
 *
 * OpenCascade reads raw 8-bit names as UTF-8, so a CP1251 name ("плита") becomes one
 * unrelated character and distinct products collapse into one name. surfcd therefore hands
 * occt a copy of the file in which every string that needs decoding is replaced by a plain
 * ASCII key, and maps the keys in occt's node and mesh names back to the decoded text.
 * Empty PRODUCT names get a key too, resolved to the product's id or its entity number, so
 * unnamed products stay findable.
 */

export interface DecodedString {
  text: string;
  /**
   * How the raw bytes were read: pure ASCII / escapes, valid UTF-8, or a guessed 8-bit code
   * page (raw bytes; or `\X\80`–`\X\9F`, which ISO 8859-1 leaves to control characters).
   */
  encoding: 'ascii' | 'utf-8' | 'windows-1251' | 'latin1' | ControlPage;
}

/** Code pages that give the C1 range (0x80–0x9F) printable characters. */
export type ControlPage = 'cp850' | 'windows-1252';

export interface StepNameWarning {
  /** The literal's raw bytes (between the quotes), hex, so nothing is lost. */
  rawHex: string;
  /** The literal as written (latin1, one char per byte). */
  raw: string;
  /** Distinct literals read this way (a code page for 0x80–0x9F escapes is one warning per file). */
  count: number;
  decoded: string;
  encoding: 'windows-1251' | 'latin1' | ControlPage;
}

export interface StepNameRewrite {
  /** The bytes to give occt (the input itself when nothing needed rewriting). */
  bytes: Uint8Array;
  /** Replaces the keys in a name occt returned by the decoded text. */
  resolve(name: string): string;
  /** Names that were not valid UTF-8 and were decoded by guessing the code page. */
  warnings: StepNameWarning[];
  /** Every PRODUCT in the file: entity number and the name surfcd gives it. */
  products: { entity: number; name: string }[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/** ISO 8859 parts selected by \PA\ … \PI\ (the \S\ page). */
const PAGES = ['iso-8859-1', 'iso-8859-2', 'iso-8859-3', 'iso-8859-4', 'iso-8859-5', 'iso-8859-6', 'iso-8859-7', 'iso-8859-8', 'iso-8859-9'];

/**
 * Decodes the content of one STEP string literal (the bytes between the quotes, as a
 * latin1 string so one char = one byte). `fallback` is the code page for raw 8-bit bytes
 * that are not UTF-8.
 */
export function decodeStepString(raw: string, fallback: 'windows-1251' | 'latin1' = 'latin1', controlPage: ControlPage = 'windows-1252'): DecodedString {
  let out = '';
  let page = 'iso-8859-1';
  let pending: number[] = []; // raw bytes ≥ 0x80, decoded together
  let encoding: DecodedString['encoding'] = 'ascii';
  const flush = (): void => {
    if (pending.length === 0) return;
    const bytes = Uint8Array.from(pending);
    pending = [];
    try {
      out += utf8.decode(bytes);
      if (encoding === 'ascii') encoding = 'utf-8';
    } catch {
      out += new TextDecoder(fallback).decode(bytes);
      encoding = fallback;
    }
  };
  for (let i = 0; i < raw.length; ) {
    const c = raw.charCodeAt(i);
    if (c >= 0x80) {
      pending.push(c);
      i++;
      continue;
    }
    flush();
    if (c === 0x27 && raw[i + 1] === "'") {
      out += "'";
      i += 2;
    } else if (c === 0x5c) {
      const rest = raw.slice(i, i + 4);
      let m: RegExpMatchArray | null;
      if (rest.startsWith('\\\\')) {
        out += '\\';
        i += 2;
      } else if ((m = raw.slice(i).match(/^\\X2\\((?:[0-9A-Fa-f]{4})*)\\X0\\/))) {
        for (let k = 0; k < m[1]!.length; k += 4) out += String.fromCharCode(parseInt(m[1]!.slice(k, k + 4), 16));
        i += m[0].length;
      } else if ((m = raw.slice(i).match(/^\\X4\\((?:[0-9A-Fa-f]{8})*)\\X0\\/))) {
        for (let k = 0; k < m[1]!.length; k += 8) out += safeCodePoint(parseInt(m[1]!.slice(k, k + 8), 16));
        i += m[0].length;
      } else if ((m = raw.slice(i).match(/^\\X\\([0-9A-Fa-f]{2})/))) {
        const code = parseInt(m[1]!, 16);
        if (code >= 0x80 && code <= 0x9f) {
          out += controlPageChar(code, controlPage);
          encoding = controlPage;
        } else out += String.fromCharCode(code);
        i += m[0].length;
      } else if (rest.startsWith('\\S\\') && i + 3 < raw.length) {
        out += new TextDecoder(page).decode(Uint8Array.of((raw.charCodeAt(i + 3) & 0x7f) | 0x80));
        i += 4;
      } else if ((m = rest.match(/^\\P([A-I])\\/))) {
        page = PAGES[m[1]!.charCodeAt(0) - 65]!;
        i += 4;
      } else if (rest.startsWith('\\N\\')) {
        i += 3;
      } else {
        out += '\\'; // not an escape: keep the backslash as written
        i++;
      }
    } else if (c === 0x0a || c === 0x0d) {
      i++; // a line break inside a literal only wraps the physical line: it is not part of the string
    } else {
      out += raw[i];
      i++;
    }
  }
  flush();
  return { text: out, encoding };
}

/** CP850 (the DOS code page of Western Europe) from 0x80 to 0x9F: letters, mostly. */
const CP850_C1 = 'ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜø£Ø×ƒ';
/** Windows-1252 from 0x80 to 0x9F (Node's TextDecoder reads that label as ISO 8859-1 there); its five unassigned bytes stay control characters. */
const WINDOWS_1252_C1 = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

/** The character a C1 byte stands for in the code page the writer must have used. */
function controlPageChar(code: number, page: ControlPage): string {
  return (page === 'cp850' ? CP850_C1 : WINDOWS_1252_C1)[code - 0x80]!;
}

const C1_ESCAPE = /\\X\\([89][0-9A-Fa-f])/g;
const isLetter = (c: string | undefined): boolean => c !== undefined && /\p{L}/u.test(c);

/**
 * Which code page the file's \X\80–\X\9F escapes were written in. ISO 8859-1, which \X\
 * names, has only control characters there, so the writer escaped a byte of its own
 * code page: CP850 (a Windows console's; Autodesk's exporter writes "Peça" as
 * "Pe\X\87a") reads them as letters, Windows-1252 as letters and punctuation (’ – €).
 * Votes over the file: an escape between two letters is a letter in the right page, one
 * beside a space or a digit is punctuation. Decided once per file, so all names read alike.
 */
export function guessControlPage(rawStrings: Iterable<string>): ControlPage {
  let cp850 = 0, windows = 0;
  for (const raw of rawStrings) {
    for (const m of raw.matchAll(C1_ESCAPE)) {
      const code = parseInt(m[1]!, 16);
      const before = raw[m.index! - 1], after = raw[m.index! + m[0].length];
      const inWord = isLetter(before) && isLetter(after);
      for (const page of ['cp850', 'windows-1252'] as const) {
        const letter = isLetter(controlPageChar(code, page));
        if (letter === inWord) page === 'cp850' ? cp850++ : windows++;
      }
    }
  }
  return cp850 > windows ? 'cp850' : 'windows-1252';
}

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
const escapeControl = (c: string): string => (c === '\n' ? '\\n' : c === '\r' ? '\\r' : c === '\t' ? '\\t' : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/**
 * Text as people can read and type it, on one line: control characters that remain in a
 * name (an escape of one, \X\0A, \X2\0087\X0\) are written as escapes (\n, \u0087).
 */
export function printableName(text: string): string {
  CONTROL.lastIndex = 0;
  return CONTROL.test(text) ? text.replace(CONTROL, escapeControl) : text;
}

const safeCodePoint = (n: number): string => (n <= 0x10ffff && !(n >= 0xd800 && n <= 0xdfff) ? String.fromCodePoint(n) : '\uFFFD');

/**
 * Which 8-bit code page the file's raw non-UTF-8 strings are in. Cyrillic text in CP1251 is
 * almost all bytes 0xC0–0xFF; Western text in Latin-1 is mostly ASCII letters with a few
 * accented ones. Decided once per file, so all names read the same way.
 */
export function guessCodePage(rawStrings: Iterable<string>): 'windows-1251' | 'latin1' {
  let high = 0, ascii = 0;
  for (const raw of rawStrings) {
    for (let i = 0; i < raw.length; i++) {
      const c = raw.charCodeAt(i);
      if (c >= 0xc0 || c === 0xa8 || c === 0xb8) high++;
      else if ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)) ascii++;
    }
  }
  return high > 0 && high >= ascii ? 'windows-1251' : 'latin1';
}

const LITERAL = /'((?:[^']|'')*)'/g;
const PRODUCT = /#(\d+)\s*=\s*PRODUCT\s*\(\s*'((?:[^']|'')*)'\s*,\s*'((?:[^']|'')*)'/g;

/** Finds a key prefix that does not occur in the file, so keys never collide with real text. */
function keyPrefix(text: string): string {
  for (let n = 0; ; n++) {
    const prefix = `~sfk${n || ''}`;
    if (!text.includes(prefix)) return prefix;
  }
}

/** Rewrites the DATA section's strings for occt (see the file comment). */
export function rewriteStepNames(bytes: Uint8Array): StepNameRewrite {
  const text = latin1.decode(bytes);
  const dataStart = text.search(/\bDATA\s*;/);
  if (dataStart < 0) return { bytes, resolve: (name) => name, warnings: [], products: [] };
  const data = text.slice(dataStart);
  const rawNonUtf8: string[] = [];
  if (/[\x80-\xff]/.test(data)) for (const m of data.matchAll(LITERAL)) {
    if (/[\x80-\xff]/.test(m[1]!) && decodeStepString(m[1]!).encoding === 'latin1') rawNonUtf8.push(m[1]!);
  }
  const fallback = guessCodePage(rawNonUtf8);
  const controlPage = /\\X\\[89]/i.test(data) ? guessControlPage([...data.matchAll(LITERAL)].map((m) => m[1]!).filter((raw) => /\\X\\[89]/i.test(raw))) : 'windows-1252';
  const decode = (raw: string): DecodedString => {
    const decoded = decodeStepString(raw, fallback, controlPage);
    return { ...decoded, text: printableName(decoded.text) };
  };

  // PRODUCT names; an empty one (offset of its literal in `data` → replacement) becomes the id or the entity number.
  const emptyNames = new Map<number, string>();
  const products: StepNameRewrite['products'] = [];
  for (const m of data.matchAll(PRODUCT)) {
    let name = decode(m[3]!).text;
    if (name.trim() === '') {
      const id = decode(m[2]!).text.trim();
      name = id !== '' ? id : `product-${m[1]}`;
      emptyNames.set(m.index! + m[0].length - m[3]!.length - 2, name);
    }
    products.push({ entity: Number(m[1]), name });
  }
  const needsDecoding = (raw: string): boolean => /[\x80-\xff\\\r\n]/.test(raw);
  // Fast exit: no literal to decode (≥ 0x80, a backslash, a line break) and no empty PRODUCT name: occt reads it as is.
  if (emptyNames.size === 0 && !/[\x80-\xff\\]/.test(data) && !brokenLiteral(data)) return { bytes, resolve: (name) => name, warnings: [], products };

  const prefix = keyPrefix(text);
  const values: string[] = [];
  const warnings: StepNameWarning[] = [];
  const warned = new Set<string>();
  let controlNames = 0;
  const rewritten = data.replace(LITERAL, (whole: string, raw: string, offset: number) => {
    const empty = emptyNames.get(offset);
    let value: string;
    if (empty !== undefined) value = empty;
    else if (needsDecoding(raw)) {
      const decoded = decode(raw);
      value = decoded.text;
      if (decoded.encoding !== 'ascii' && decoded.encoding !== 'utf-8' && !warned.has(raw)) {
        warned.add(raw);
        if (decoded.encoding === 'cp850' || decoded.encoding === 'windows-1252') {
          // one page for the whole file: one warning, with the first name as the example
          if (controlNames++ === 0) warnings.push({ rawHex: hex(raw), raw, decoded: decoded.text, encoding: decoded.encoding, count: 0 });
        } else warnings.push({ rawHex: hex(raw), raw, decoded: decoded.text, encoding: decoded.encoding, count: 1 });
      }
    } else return whole;
    values.push(value);
    return `'${prefix}${values.length - 1}~'`;
  });
  for (const w of warnings) if (w.count === 0) w.count = controlNames;
  const keyPattern = new RegExp(`${prefix}(\\d+)~`, 'g');
  return {
    bytes: latin1Bytes(text.slice(0, dataStart) + rewritten),
    resolve: (name) => name.replace(keyPattern, (_, k: string) => values[Number(k)] ?? ''),
    warnings,
    products,
  };
}

/** The NAME_ENCODING warning's text for a name decoded by guessing. */
export function nameWarningMessage(w: StepNameWarning): string {
  if (w.encoding === 'cp850' || w.encoding === 'windows-1252') {
    return `${w.count} name(s) escape bytes 0x80–0x9F, control characters in ISO 8859-1, read as ${w.encoding === 'cp850' ? 'CP850' : 'Windows-1252'}: "${w.decoded}" is written '${w.raw}'`;
  }
  return `name "${w.decoded}" is not valid UTF-8; read as ${w.encoding === 'windows-1251' ? 'CP1251' : 'Latin-1'} (bytes ${w.rawHex})`;
}

/** Whether a string literal spans a line break (only a scan from the start tells opening quotes from closing ones). */
function brokenLiteral(data: string): boolean {
  if (!/'[^'\r\n]*[\r\n]/.test(data)) return false;
  for (const m of data.matchAll(LITERAL)) if (/[\r\n]/.test(m[1]!)) return true;
  return false;
}

function latin1Bytes(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

const hex = (raw: string): string => [...raw].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join(' ');
