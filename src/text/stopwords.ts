/**
 * Function words of the languages the built-in model speaks; used to pick keywords for search queries
 * and to tell which language a question is in. Content words are whatever is not listed here.
 */
export const STOPWORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(
    'a an and are as at be been but by can could did do does for from had has have how i if in into is it its me my no not of on or our she so than that the their them then there these they this to was we were what when where which who whom why will with would you your about tell show give explain please'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'au aux avec ce ces comment dans de des du elle en est et eux il ils je la le les leur lui ma mais me même mes moi mon ne nos notre nous on ou où par pas pour qu que quel quelle quels qui sa se ses son sont sur ta te tes toi ton tu un une vos votre vous est-ce pourquoi quand'.split(
      ' ',
    ),
  ),
  de: new Set(
    'aber als am an auch auf aus bei bin bis da das dass dem den der des die doch du ein eine einem einen einer er es für hat hatte ich ihr im in ist ja kann mit nach nicht noch nur oder sie sind so über um und uns von vor war was wer wie wir wird wo zu zum zur warum welche welcher'.split(
      ' ',
    ),
  ),
  es: new Set(
    'a al como con cual cuál cuando cuándo de del el ella en es esta este esto fue ha hay la las le lo los más me mi no nos o para pero por qué que se si sin son su sus también te tu un una y ya dónde donde quién porque'.split(
      ' ',
    ),
  ),
  ru: new Set(
    'а без был была были было в вам вас во вот все всё вы где да для до его ее её если есть еще ещё же за и из или им их к как какой когда кто ли мне мы на над не нет ни но о об он она они оно от по под почему при с со так также то тот ты у уже что чтобы это эта этот я'.split(
      ' ',
    ),
  ),
};

/** The language whose function words occur most in the text; 'en' when none do. */
export function detectLanguage(words: readonly string[]): string {
  let best = 'en';
  let bestHits = 0;
  for (const [language, stopwords] of Object.entries(STOPWORDS)) {
    const hits = words.reduce((count, word) => count + (stopwords.has(word) ? 1 : 0), 0);
    if (hits > bestHits) {
      best = language;
      bestHits = hits;
    }
  }
  return best;
}

/**
 * The function words of every language in one set, built once: isStopword runs for every word of
 * every result a search ranks, and a lookup per language (with an array of them per call) was a
 * percent of a search's CPU.
 */
const ANY_LANGUAGE_STOPWORDS: ReadonlySet<string> = new Set(
  Object.values(STOPWORDS).flatMap((stopwords) => [...stopwords]),
);

export function isStopword(word: string): boolean {
  return ANY_LANGUAGE_STOPWORDS.has(word);
}
