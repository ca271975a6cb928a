import { join } from 'node:path';
import { Worker } from 'node:worker_threads';

/** Why a PDF or DOCX gave no text: the file is marked failed with this message. */
export class UnreadableFileError extends Error {}

export interface WorkerLimits {
  readonly heapMb: number;
  readonly timeoutMs: number;
  readonly maxChars: number;
}

/**
 * Text of a PDF (pdf.js) or HTML of a DOCX (mammoth), produced in a worker thread with a heap
 * limit and a deadline: a zip bomb or a pathological document exhausts the worker, which is
 * terminated, and the file fails with the reason, while the service and its memory stay bounded.
 */
export function extractInWorker(
  kind: 'pdf' | 'docx',
  content: Buffer,
  limits: WorkerLimits,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'binary-text.worker.js'), {
      workerData: { kind, bytes: content, maxChars: limits.maxChars },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb, maxYoungGenerationSizeMb: 16 },
      stdout: true,
      stderr: true,
    });
    let settled = false;
    const finish = (error?: Error, text?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      if (error) reject(error);
      else resolve(text ?? '');
    };
    const timer = setTimeout(
      () =>
        finish(
          new UnreadableFileError(
            `${kind} text extraction took longer than ${limits.timeoutMs} ms`,
          ),
        ),
      limits.timeoutMs,
    );
    worker.on('message', (message: { ok: boolean; text?: string; message?: string }) =>
      message.ok
        ? finish(undefined, message.text)
        : finish(new UnreadableFileError(`${kind} could not be read: ${message.message}`)),
    );
    worker.on('error', (error: Error & { code?: string }) =>
      finish(
        new UnreadableFileError(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? `${kind} needs more than ${limits.heapMb} MB to read (a decompression bomb?)`
            : `${kind} could not be read: ${error.message}`,
        ),
      ),
    );
    worker.on('exit', (code) =>
      finish(
        new UnreadableFileError(`${kind} could not be read (extraction ended with code ${code})`),
      ),
    );
  });
}
