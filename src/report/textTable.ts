/** Aligns rows into columns for a terminal; numbers (and columns marked numeric) right-aligned. */
export function textTable(header: string[], rows: (string | number)[][], numeric: boolean[] = []): string {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, c) => Math.max(...cells.map((r) => [...(r[c] ?? '')].length)));
  const line = (r: string[]): string =>
    r
      .map((cell, c) => {
        const pad = ' '.repeat(widths[c]! - [...cell].length);
        return numeric[c] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(cells[0]!), widths.map((w) => '─'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n') + '\n';
}

/** RFC 4180 CSV: quote fields that hold commas, quotes or line breaks. */
export function csv(header: string[], rows: (string | number)[][]): string {
  const field = (v: string | number): string => {
    const s = String(v);
    return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\n') + '\n';
}
