/**
 * CSV for the dashboard's tables, as French spreadsheets open it: `;` between fields (the comma is
 * the decimal mark there), CRLF line ends, a UTF-8 byte order mark so accents survive Excel, and
 * fields quoted when they hold a separator, a quote or a line break.
 */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): string {
  const field = (v: string | number) => {
    const s = typeof v === 'number' ? String(v).replace('.', ',') : v;
    return /[;"\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\uFEFF${[header, ...rows].map((r) => r.map(field).join(';')).join('\r\n')}\r\n`;
}

/** Has the browser save `text` as `filename` (an object URL on a temporary link). */
export function downloadCsv(filename: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
