// Text of a PDF or DOCX, extracted in a child process started with heap and time limits: a
// decompression bomb or a deeply nested document ends this process, never the service. Plain
// CommonJS so that the built service and the tests start the same file.
'use strict';

async function pdfText(bytes, maxChars) {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await pdfjs.getDocument({
    data: bytes,
    useSystemFonts: false,
    disableFontFace: true,
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  const pages = [];
  let length = 0;
  for (let number = 1; number <= document.numPages && length < maxChars; number++) {
    const page = await document.getPage(number);
    const content = await page.getTextContent();
    let text = '';
    for (const item of content.items) {
      if (typeof item.str !== 'string') continue;
      text += item.str + (item.hasEOL ? '\n' : ' ');
    }
    pages.push(text.replace(/[ \t]+\n/g, '\n').trim());
    length += text.length;
    page.cleanup();
  }
  await document.destroy();
  return pages.join('\n\n').slice(0, maxChars);
}

async function docxHtml(bytes) {
  const mammoth = require('mammoth');
  const result = await mammoth.convertToHtml({ buffer: Buffer.from(bytes) });
  return result.value;
}

process.once('message', ({ kind, bytes, maxChars }) => {
  (async () => {
    const text =
      kind === 'pdf' ? await pdfText(new Uint8Array(bytes), maxChars) : await docxHtml(bytes);
    return { ok: true, text: text.slice(0, kind === 'pdf' ? maxChars : maxChars * 4) };
  })()
    .catch((error) => ({
      ok: false,
      message: error && error.message ? error.message : String(error),
    }))
    .then((reply) => process.send(reply, () => process.exit(0)));
});
