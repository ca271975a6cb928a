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

/** A source's title in a pointer answer is cut to about this many characters, at a word. */
const MAX_POINTED_TITLE_CHARS = 80;

/**
 * The answer that points at the sources closest to the question when none can be quoted, each
 * named by its title, so the reader knows which pages to open: `…; the closest match is
 * "git-worktree(1)" [2].`
 */
export function closestSourcesSentence(
  sources: ReadonlyArray<{ number: number; title: string }>,
): string {
  const named = sources.map(({ number, title }) => {
    const shown = shortTitle(title);
    return shown ? `“${shown}” [${number}]` : `source [${number}]`;
  });
  const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
  return named.length === 1
    ? `${CLOSEST_OPENING}; the closest match is ${list}.`
    : `${CLOSEST_OPENING}; the closest matches are ${list}.`;
}

function shortTitle(title: string): string {
  const plain = title.replace(/\s+/g, ' ').replace(/[“”]/g, '"').trim();
  if (plain.length <= MAX_POINTED_TITLE_CHARS) return plain;
  const cut = plain.slice(0, MAX_POINTED_TITLE_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > MAX_POINTED_TITLE_CHARS / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** Whether a sentence of an earlier answer is one of these replies, not a quote of a source. */
export function isBuiltinReply(sentence: string): boolean {
  const text = sentence.trim();
  if (text.startsWith(CLOSEST_OPENING)) return true;
  return [...Object.values(NOTHING_RELEVANT), ...Object.values(NO_SOURCES)].includes(text);
}
