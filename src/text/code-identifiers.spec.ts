import { codeIdentifiers, namesIdentifier } from './code-identifiers';

describe('codeIdentifiers', () => {
  it('finds dotted, underscored and camel-cased names and command-line options', () => {
    expect(
      codeIdentifiers(
        'Does asyncio.gather or wait_for set bodyLimit, e.g. with --no-ff or -o in my half-done work?',
      ),
    ).toEqual(['asyncio.gather', 'wait_for', 'bodyLimit', '--no-ff', '-o']);
  });

  it('tells an identifier from a longer one that begins or ends with it', () => {
    expect(namesIdentifier('Use asyncio.gather() here.', 'asyncio.gather')).toBe(true);
    expect(namesIdentifier('Use asyncio.gathering here.', 'asyncio.gather')).toBe(false);
    expect(namesIdentifier('Use my_asyncio.gather here.', 'asyncio.gather')).toBe(false);
  });
});
