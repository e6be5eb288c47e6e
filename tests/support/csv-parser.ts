// Reads the staff CSV export back, for the tests that check it.

/** Parses CSV (RFC 4180: quoted cells, doubled quotes, CRLF records) into records of cells. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let rec: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      rec.push(cell);
      cell = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      rec.push(cell);
      records.push(rec);
      rec = [];
      cell = '';
      i++;
    } else cell += ch;
  }
  if (cell || rec.length) records.push([...rec, cell]);
  return records;
}
