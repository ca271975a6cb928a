/**
 * English words that, opening a sentence, point back at the sentence before it: connectives
 * ("However", "Hence") and pronouns and demonstratives standing for what was said ("It keeps…",
 * "This is a pessimistic assumption…", "They do not work…").
 */
const POINTS_BACK = new Set(
  'also and besides but consequently conversely finally furthermore hence however instead it likewise meanwhile moreover nevertheless nonetheless nor or otherwise similarly so still such that then therefore these they this those thus yet'.split(
    ' ',
  ),
);

/**
 * Whether an English sentence leans on the one before it in its source: quoted first, out of its
 * paragraph, it would not say what it is about ("Hence the values are not unique.").
 */
export function leansOnPrevious(sentence: string): boolean {
  const first = /^\p{L}+(?=[\s,'’])/u.exec(sentence)?.[0];
  return first !== undefined && POINTS_BACK.has(first.toLowerCase());
}
