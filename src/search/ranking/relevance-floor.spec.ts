import { lexicalTerms, questionTerms } from './lexical-terms';
import {
  aboveFloor,
  missesSpecificTerms,
  MIN_COVERAGE,
  NOTHING_RELEVANT_BELOW,
  RELATIVE_TO_BEST,
} from './relevance-floor';

describe('aboveFloor', () => {
  it('keeps nothing when even the best candidate covers too little of the question', () => {
    const justBelow = NOTHING_RELEVANT_BELOW - 0.01;
    expect([...aboveFloor([justBelow, 0.05, 0])]).toEqual([]);
    // Trusted first results do not rescue a question nothing is about.
    expect([...aboveFloor([justBelow, 0.05], 2)]).toEqual([]);
  });

  it('keeps candidates covering a share of what the best covers, and at least MIN_COVERAGE', () => {
    const best = 0.8;
    const relative = RELATIVE_TO_BEST * best;
    expect([...aboveFloor([best, relative, relative - 0.01, 0])]).toEqual([0, 1]);
    const weakBest = 0.3;
    expect([...aboveFloor([weakBest, MIN_COVERAGE, MIN_COVERAGE - 0.01])]).toEqual([0, 1]);
  });

  it("keeps the backend's trusted first results that share any word with the question", () => {
    expect([...aboveFloor([0.02, 0, 0.9, 0.05], 2)].sort()).toEqual([0, 2]);
    expect([...aboveFloor([0.02, 0, 0.9, 0.05])]).toEqual([2]);
  });
});

describe('missesSpecificTerms', () => {
  const passages = (...texts: string[]) => texts.map((text) => new Set(lexicalTerms(text)));
  const docs = passages(
    'Database schema migrations are an integral part of database management.',
    'Fastify is database agnostic: a plugin connects it to your database.',
  );
  const misses = (question: string) => missesSpecificTerms(questionTerms(question), docs);

  it('splits a question into its specific terms and its everyday ones', () => {
    expect(questionTerms('How do I roll back a database migration in Django?')).toEqual({
      specific: ['django'],
      everyday: ['roll', 'back', 'databas', 'migrat'],
      names: ['django'],
    });
  });

  it('knows a name by its capitals inside a sentence, not by a capital that starts one', () => {
    expect(questionTerms('Django: can PyTorch or pino train it?').names).toEqual(['pytorch']);
  });

  it('judges passages that never name what the question is about as missing it', () => {
    expect(misses('How do I roll back a database migration in Django?')).toBe(true);
    expect(misses('What is Django?')).toBe(true);
    expect(misses('How do I connect Fastify to a database?')).toBe(false);
    expect(misses('How do I set a limit on the number of connections?')).toBe(false);
  });

  it('lets unknown words pass when one passage holds most of the rest of the question', () => {
    expect(misses('Are database schema migrations part of management? qs-x7f-c0de')).toBe(false);
    // plugin, connects, database of plugin, connects, database, cluster, quickly: 3 of 5.
    expect(misses('Which plugin connects my database to a zorblat cluster quickly?')).toBe(false);
    // Written as a name, the missing word is what is asked about: all of the rest is needed.
    expect(misses('Which plugin connects my database to a Zorblat cluster quickly?')).toBe(true);
    // database, migration of roll, back, database, migration: 2 of 4 is not most.
    expect(misses('How do I roll back a database migration in Django?')).toBe(true);
  });

  it('needs at least half of the specific terms missing', () => {
    const question = (specific: string[]) => ({ specific, everyday: ['roll'] });
    expect(missesSpecificTerms(question(['fastifi', 'plugin', 'postgr']), docs)).toBe(false);
    expect(missesSpecificTerms(question(['fastifi', 'django']), docs)).toBe(true);
  });
});
