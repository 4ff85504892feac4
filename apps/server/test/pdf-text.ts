import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's data of the 14 standard fonts, which a PDF may use without embedding them. */
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * Reads a PDF with Mozilla's pdf.js, an independent parser (a malformed file throws): its pages' text, each
 * page's pieces joined by spaces, and how many images the pages paint.
 */
export async function readPdf(bytes: Uint8Array): Promise<{ pages: string[]; text: string; images: number; title: string | undefined }> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  try {
    const pages: string[] = [];
    let images = 0;
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .filter(Boolean)
          .join(' '),
      );
      const ops = await page.getOperatorList();
      images += ops.fnArray.filter((fn) => fn === OPS.paintImageXObject).length;
    }
    const meta = await pdf.getMetadata();
    const info = meta.info as { Title?: string };
    return { pages, text: pages.join('\n'), images, title: info.Title };
  } finally {
    await pdf.destroy();
  }
}
