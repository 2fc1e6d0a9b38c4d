/**
 * Documents as A4 PDFs (invoices, signed offers), written with PDFKit in the standard Helvetica fonts (nothing to
 * embed) in WinAnsiEncoding, which covers Dutch and English, the euro sign and the dashes. PDFKit is loaded with the
 * first document: a seventh of a second of the server's start otherwise.
 */

export interface PdfLine {
  text: string;
  /** Points from the left edge of the page (595 wide); default 56. */
  x?: number;
  /** Space above the line, in points; 0 puts it on the previous line (a second column). Default 16. */
  gap?: number;
  size?: number;
  bold?: boolean;
  /** Wraps the text within this many points (a paragraph); a line is never wrapped otherwise. */
  width?: number;
}

/** Where a page's text ends: below it a new page begins. */
const PAGE_BOTTOM = 790;

export async function renderPdf(lines: PdfLine[], { title, lang }: { title: string; lang: string }): Promise<Buffer> {
  const { default: PdfDocument } = await import("pdfkit");
  // Uncompressed: the documents are small, and their text stays readable in the file (the tests read it).
  const doc = new PdfDocument({ size: "A4", margin: 0, compress: false, pdfVersion: "1.4", lang, info: { Title: title, Producer: "agency-server" } });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  let y = 42;
  // Where the lowest text of the current row ends (a paragraph's last line), so the next row goes below it.
  let bottom = y;
  for (const line of lines) {
    const gap = line.gap ?? 16;
    if (gap !== 0) {
      y = Math.max(y + gap, bottom + gap - 12);
      bottom = y;
    }
    if (y > PAGE_BOTTOM) {
      doc.addPage({ size: "A4", margin: 0 });
      y = 56;
    }
    // Figure and narrow no-break spaces (some locales' number formats) are outside WinAnsiEncoding.
    const text = line.text.replace(/[\u2007\u202f]/g, " ");
    doc.font(line.bold ? "Helvetica-Bold" : "Helvetica").fontSize(line.size ?? 10);
    doc.text(text, line.x ?? 56, y, line.width ? { width: line.width } : { lineBreak: false });
    bottom = Math.max(bottom, line.width ? doc.y : y);
  }
  doc.end();
  return done;
}
