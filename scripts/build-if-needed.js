#!/usr/bin/env node
// `npm start` runs this first: it builds only when dist/ is missing or older than a source file.
const { statSync, readdirSync, existsSync } = require('node:fs');
const { join } = require('node:path');
const { execFileSync } = require('node:child_process');

const root = join(__dirname, '..');
const output = join(root, 'dist', 'main.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const mtime = entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    if (mtime > newest) newest = mtime;
  }
  return newest;
}

const sources = Math.max(
  newestMtime(join(root, 'src')),
  statSync(join(root, 'package-lock.json')).mtimeMs,
);
if (!existsSync(output) || statSync(output).mtimeMs < sources) {
  process.stdout.write('quarry: building (dist/ is missing or older than src/)\n');
  execFileSync(process.execPath, [require.resolve('@nestjs/cli/bin/nest.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
}
