import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

describe('.env.example', () => {
  it('lists every variable an environment class reads, each with a comment above it', () => {
    const example = readFileSync(join(ROOT, '.env.example'), 'utf8').split('\n');
    const variables = new Set(
      sourceFiles(join(ROOT, 'src')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/readonly ([A-Z][A-Z0-9_]{2,})\??:/g)].map(
          (match) => match[1],
        ),
      ),
    );
    expect(variables.size).toBeGreaterThan(50);
    for (const name of variables) {
      const line = example.findIndex((text) => text.startsWith(`${name}=`));
      expect({ name, listed: line !== -1 }).toEqual({ name, listed: true });
      expect({ name, commented: example[line - 1]?.startsWith('#') }).toEqual({
        name,
        commented: true,
      });
    }
  });
});
