import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { connectorBench } from './benchmarks/connector.bench';
import { documentsBench } from './benchmarks/documents.bench';
import { metricsBench } from './benchmarks/metrics.bench';
import { providersBench } from './benchmarks/providers.bench';
import { proxyBench } from './benchmarks/proxy.bench';
import { searchBench } from './benchmarks/search.bench';
import { streamBench } from './benchmarks/stream.bench';
import { machineLine, printTable, saveResults, type Row } from './support/report';

const BENCHMARKS: Record<string, () => Promise<Row[]>> = {
  proxy: proxyBench,
  stream: streamBench,
  connector: connectorBench,
  providers: providersBench,
  metrics: metricsBench,
  search: searchBench,
  documents: documentsBench,
};

async function main(): Promise<void> {
  const asked = process.argv.slice(2);
  const unknown = asked.filter((name) => !(name in BENCHMARKS));
  if (unknown.length > 0) {
    console.error(`unknown benchmark(s): ${unknown.join(', ')}; known: ${Object.keys(BENCHMARKS).join(', ')}`);
    process.exit(2);
  }
  // documents ingests 50 MB on two engines (minutes): run when named, not by default.
  const names = asked.length > 0 ? asked : Object.keys(BENCHMARKS).filter((name) => name !== 'documents');
  const root = join(__dirname, '..', '..');
  console.log('bench: building the service (production build)');
  execFileSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js'), 'build'], { cwd: root, stdio: 'inherit' });
  console.log(`bench: ${machineLine()}`);
  const rows: Row[] = [];
  for (const name of names) {
    console.log(`bench: running ${name}`);
    rows.push(...(await BENCHMARKS[name]()));
  }
  printTable(rows);
  console.log(`bench: results written to ${saveResults(rows, names)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
