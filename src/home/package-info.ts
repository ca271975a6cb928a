import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface PackageInfo {
  readonly name: string;
  readonly version: string;
}

/** name and version from package.json, found from this file (src/home or dist/home), not the cwd. */
export function readPackageInfo(): PackageInfo {
  const file = resolve(__dirname, '..', '..', 'package.json');
  const { name, version } = JSON.parse(readFileSync(file, 'utf8')) as PackageInfo;
  return { name, version };
}
