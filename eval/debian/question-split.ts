import { seededRandom } from '../../scripts/support/seeded-random';
import type { EvalQuestion } from './questions';

/** The seed of the one split into halves; changing it would show the test half's questions. */
export const SPLIT_SEED = 33;

export type Half = 'dev' | 'test';

/**
 * The half each question belongs to: within each source kind, the questions shuffled by a fixed
 * seed, the first half "dev" (looked at and tuned on), the rest "test" (reported, never tuned on).
 */
export function splitHalves(questions: readonly EvalQuestion[]): Map<string, Half> {
  const halves = new Map<string, Half>();
  const random = seededRandom(SPLIT_SEED);
  for (const kind of [...new Set(questions.map((q) => q.kind))]) {
    const ids = questions.filter((q) => q.kind === kind).map((q) => q.id);
    for (let i = ids.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [ids[i], ids[j]] = [ids[j], ids[i]];
    }
    ids.forEach((id, i) => halves.set(id, i < Math.ceil(ids.length / 2) ? 'dev' : 'test'));
  }
  return halves;
}
