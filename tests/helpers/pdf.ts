/**
 * Reading PDFs in tests with pdfjs-dist (Mozilla's PDF.js): the text of every page, each page's
 * text items joined in reading order, so a test can assert what a customer would read.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** PDF.js's copies of the 14 standard fonts (pdfkit's Helvetica is one), as a folder URL ending in "/". */
const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The text of each page of `bytes`: items joined by spaces, lines (by y) by newlines. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    standardFontDataUrl,
    useSystemFonts: false,
    isEvalSupported: false,
  }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    const lines = new Map<number, { x: number; s: string }[]>();
    for (const item of content.items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5]!);
      const line = lines.get(y) ?? [];
      line.push({ x: item.transform[4]!, s: item.str });
      lines.set(y, line);
    }
    pages.push(
      [...lines.entries()]
        .sort((a, b) => b[0] - a[0])
        .map(([, items]) =>
          items
            .sort((a, b) => a.x - b.x)
            .map((i) => i.s)
            .join(' '),
        )
        .join('\n'),
    );
  }
  await doc.destroy();
  return pages;
}

/** All the text of `bytes`, pages joined by newlines. */
export const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).join('\n');
