/**
 * The one CSV writer of the server (the desk's export, the ADMIN_TOKEN export and `npm run leads -- export`).
 * Every cell is quoted, so a comma, semicolon, quote or line break inside a value never splits it, whichever
 * separator the spreadsheet assumes (Dutch Excel splits on `;`). A cell that begins with `=`, `+`, `-`, `@`, a tab or
 * a carriage return would be run as a formula by a spreadsheet (CSV injection, OWASP): it gets a leading apostrophe,
 * which the spreadsheet shows as text.
 */
export type CsvValue = string | number | boolean | Date | null | undefined | readonly string[];

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  let text =
    value === null || value === undefined
      ? ""
      : value instanceof Date
        ? value.toISOString()
        : Array.isArray(value)
          ? value.join("; ")
          : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return `"${text.replace(/"/g, '""')}"`;
}

/** Lines end in CRLF (RFC 4180), the last one too. */
export function csvDocument(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvCell).join(",")];
  for (const row of rows) lines.push(row.map(csvCell).join(","));
  return `${lines.join("\r\n")}\r\n`;
}
