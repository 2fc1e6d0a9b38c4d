/**
 * A one-page PDF of plain text lines, enough for a test invoice: PDF 1.4 with the standard Helvetica fonts (no font
 * files to embed) in WinAnsiEncoding, which covers Dutch and English, the euro sign and the dashes. Written by hand
 * rather than with a PDF library: this is the only PDF the server makes, and it is a few dozen lines.
 */

export interface PdfLine {
  text: string;
  /** Points from the left edge of an A4 page (595 wide); default 56. */
  x?: number;
  /** Space above the line, in points; 0 puts it on the previous line's baseline (a second column). Default 16. */
  gap?: number;
  size?: number;
  bold?: boolean;
}

/** WinAnsiEncoding's codes above Latin-1 for the characters Intl's formatting and our texts use. */
const WIN_ANSI: Record<string, number> = { "€": 0x80, "‚": 0x82, "„": 0x84, "…": 0x85, "‘": 0x91, "’": 0x92, "“": 0x93, "”": 0x94, "–": 0x96, "—": 0x97 };

/** A PDF string literal: ASCII, with the other bytes as octal escapes. */
function pdfString(text: string): string {
  let out = "(";
  for (const char of text.replace(/[\u2007\u202f]/g, " ")) {
    const code = char.codePointAt(0)!;
    const byte = WIN_ANSI[char] ?? (code <= 0xff ? code : 0x3f);
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${char}`;
    else if (byte >= 0x20 && byte < 0x7f) out += String.fromCharCode(byte);
    else out += `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return `${out})`;
}

export function renderPdf(lines: PdfLine[], { title, lang }: { title: string; lang: string }): Buffer {
  let y = 800;
  const content = lines
    .map((line) => {
      y -= line.gap ?? 16;
      return `BT /${line.bold ? "F2" : "F1"} ${line.size ?? 10} Tf ${line.x ?? 56} ${y} Td ${pdfString(line.text)} Tj ET`;
    })
    .join("\n");
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R /Lang ${pdfString(lang)} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
    `<< /Length ${Buffer.byteLength(content, "latin1")} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(title)} /Producer (agency-server) >>`,
  ];
  let pdf = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, "latin1"));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, "latin1");
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}
