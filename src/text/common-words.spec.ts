import { missesSpecificStems } from './common-words';
import { lexicalTerms, questionTerms } from './lexical-terms';

describe('missesSpecificStems', () => {
  const passages = (...texts: string[]) => texts.map((text) => new Set(lexicalTerms(text)));
  const docs = passages(
    'Database schema migrations are an integral part of database management.',
    'Fastify is database agnostic: a plugin connects it to your database.',
  );
  const misses = (question: string) => missesSpecificStems(questionTerms(question), docs);

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
    expect(missesSpecificStems(question(['fastifi', 'plugin', 'postgr']), docs)).toBe(false);
    expect(missesSpecificStems(question(['fastifi', 'django']), docs)).toBe(true);
  });
});
