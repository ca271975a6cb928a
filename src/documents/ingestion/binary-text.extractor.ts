import { join } from 'node:path';
import { fork } from 'node:child_process';

/** Why a PDF or DOCX gave no text: the file is marked failed with this message. */
export class UnreadableFileError extends Error {}

export interface WorkerLimits {
  readonly heapMb: number;
  readonly timeoutMs: number;
  readonly maxChars: number;
}

/**
 * Text of a PDF (pdf.js) or HTML of a DOCX (mammoth), produced in a child process with a heap
 * limit and a deadline: a zip bomb or a pathological document exhausts the child, which dies or
 * is killed, and the file fails with the reason, while the service and its memory stay bounded.
 * A worker thread's resourceLimits were not enough: an allocation faster than V8's near-limit
 * callback aborts the whole process (seen under load with a DOCX bomb).
 */
export function extractInWorker(
  kind: 'pdf' | 'docx',
  content: Buffer,
  limits: WorkerLimits,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = fork(join(__dirname, 'binary-text.worker.js'), [], {
      execArgv: [`--max-old-space-size=${limits.heapMb}`, '--max-semi-space-size=16'],
      serialization: 'advanced',
      // V8's report of an exhausted heap is the child's own business: the reason is given below.
      stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
    });
    let settled = false;
    const finish = (error?: Error, text?: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
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
    child.on('message', (message: { ok: boolean; text?: string; message?: string }) =>
      message.ok
        ? finish(undefined, message.text)
        : finish(new UnreadableFileError(`${kind} could not be read: ${message.message}`)),
    );
    child.on('error', (error: Error) =>
      finish(new UnreadableFileError(`${kind} could not be read: ${error.message}`)),
    );
    child.on('exit', (code, signal) =>
      finish(
        new UnreadableFileError(
          // V8 aborts a process whose heap is exhausted.
          signal === 'SIGABRT' || code === 134
            ? `${kind} needs more than ${limits.heapMb} MB to read (a decompression bomb?)`
            : `${kind} could not be read (extraction ended with ${signal ?? `code ${code}`})`,
        ),
      ),
    );
    child.send({ kind, bytes: content, maxChars: limits.maxChars });
  });
}
