import { QuarryError } from '../errors/quarry.error';

export class BodyTooDeepError extends QuarryError {
  constructor(maxDepth: number) {
    super(`request body must not be nested deeper than ${maxDepth} levels`, 400);
  }
}

/**
 * True when a parsed JSON body nests arrays/objects deeper than `maxDepth`. Iterative, so a
 * hostile body cannot overflow the stack here the way it would in recursive code downstream
 * (class-transformer, JSON.stringify). Only plain objects and arrays are walked.
 */
export function nestedDeeperThan(body: unknown, maxDepth: number): boolean {
  const stack: Array<[unknown, number]> = [[body, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (!isContainer(value)) continue;
    if (depth + 1 > maxDepth) return true;
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (isContainer(child)) stack.push([child, depth + 1]);
    }
  }
  return false;
}

function isContainer(value: unknown): value is object {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}
