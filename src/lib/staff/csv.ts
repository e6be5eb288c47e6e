/**
 * CSV (RFC 4180): fields separated by commas, records by CRLF; a field holding a comma, a quote, CR or
 * LF is quoted, quotes doubled. A cell that a spreadsheet would read as a formula (first character
 * = + - @, tab or CR) is prefixed with ' (OWASP "CSV injection").
 */
export function csvCell(value: unknown): string {
  let s = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvRecord = (values: unknown[]) => `${values.map(csvCell).join(',')}\r\n`;
