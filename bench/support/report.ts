import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join } from 'node:path';

export type Cell = string | number;
export interface Row {
  readonly benchmark: string;
  readonly case: string;
  readonly [column: string]: Cell;
}

export function machineLine(): string {
  const cpu = cpus();
  return `${cpu.length} x ${cpu[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${process.platform}`;
}

/** Prints rows as one aligned table (columns are the union of the rows' keys). */
export function printTable(rows: readonly Row[]): string {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const text = (value: Cell | undefined) => (value === undefined ? '' : String(value));
  const widths = columns.map((column) =>
    Math.max(column.length, ...rows.map((row) => text(row[column]).length)),
  );
  const line = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i])).join(' | ')} |`;
  const output = [
    line(columns),
    `|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`,
    ...rows.map((row) => line(columns.map((column) => text(row[column])))),
  ].join('\n');
  console.log(output);
  return output;
}

export function saveResults(rows: readonly Row[], names: readonly string[]): string {
  const dir = join(__dirname, '..', '..', '..', 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(
    file,
    JSON.stringify({ machine: machineLine(), benchmarks: names, date: new Date().toISOString(), rows }, null, 2),
  );
  return file;
}
