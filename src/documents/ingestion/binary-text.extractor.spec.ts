import { docx, documentXml, paragraph } from '../../../test/utils/docx-file';
import { extractInWorker, UnreadableFileError } from './binary-text.extractor';

const LIMITS = { heapMb: 48, timeoutMs: 30_000, maxChars: 1_000_000 };

describe('text of a DOCX, read in a bounded worker', () => {
  it('reads the paragraphs of a DOCX', async () => {
    const html = await extractInWorker(
      'docx',
      docx(documentXml(paragraph('Rotate the keys yearly.'))),
      LIMITS,
    );
    expect(html).toContain('Rotate the keys yearly.');
  });

  it('fails a document that needs more than the heap limit, naming it, and the process goes on', async () => {
    // Under 1 MB compressed: a million paragraphs, whose tree outgrows the child's 48 MB heap.
    const huge = docx(documentXml(paragraph('x').repeat(1_000_000)));
    expect(huge.length).toBeLessThan(1024 * 1024);
    await expect(extractInWorker('docx', huge, LIMITS)).rejects.toThrow(
      new UnreadableFileError('docx needs more than 48 MB to read (a decompression bomb?)'),
    );
    const html = await extractInWorker('docx', docx(documentXml(paragraph('still here'))), LIMITS);
    expect(html).toContain('still here');
  }, 60_000);

  it('fails a decompression bomb with the reason, and the process goes on', async () => {
    // Under 1 MB compressed, 160 MB inflated: past the worker's 48 MB heap.
    const bomb = docx(Buffer.alloc(160 * 1024 * 1024, 0x20));
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(extractInWorker('docx', bomb, LIMITS)).rejects.toThrow(UnreadableFileError);
    const html = await extractInWorker('docx', docx(documentXml(paragraph('still here'))), LIMITS);
    expect(html).toContain('still here');
  }, 60_000);
});
