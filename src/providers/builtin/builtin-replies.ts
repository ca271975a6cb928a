/**
 * What the built-in chat model says of the sources rather than from them: that there are none,
 * that nothing in them is relevant, or which come closest. Follow-up questions leave these out.
 */

/** Said when no source sentence answers the question (the eval counts it as "nothing found"). */
export const NOTHING_RELEVANT: Record<string, string> = {
  en: 'The sources provided contain nothing relevant to this question.',
  fr: 'Les sources fournies ne contiennent rien de pertinent pour cette question.',
  de: 'Die bereitgestellten Quellen enthalten nichts Relevantes zu dieser Frage.',
  es: 'Las fuentes proporcionadas no contienen nada relevante para esta pregunta.',
  ru: 'В предоставленных источниках нет ничего относящегося к этому вопросу.',
};
export const NO_SOURCES: Record<string, string> = {
  en: 'No sources were provided, so there is nothing to answer from.',
  fr: "Aucune source n'a été fournie : je n'ai rien à partir de quoi répondre.",
  de: 'Es wurden keine Quellen bereitgestellt, daher gibt es nichts, woraus ich antworten kann.',
  es: 'No se proporcionaron fuentes, así que no hay nada a partir de lo que responder.',
  ru: 'Источники не были предоставлены, поэтому отвечать не на чем.',
};

const CLOSEST_OPENING = 'The sources found do not answer this in a quotable sentence';

/** The answer that points at the sources closest to the question when none can be quoted. */
export function closestSourcesSentence(numbers: number[]): string {
  const cited = numbers.map((n) => `[${n}]`).join('');
  return numbers.length === 1
    ? `${CLOSEST_OPENING}; the closest match is source ${cited}.`
    : `${CLOSEST_OPENING}; the closest matches are sources ${cited}.`;
}

/** Whether a sentence of an earlier answer is one of these replies, not a quote of a source. */
export function isBuiltinReply(sentence: string): boolean {
  const text = sentence.trim();
  if (text.startsWith(CLOSEST_OPENING)) return true;
  return [...Object.values(NOTHING_RELEVANT), ...Object.values(NO_SOURCES)].includes(text);
}
