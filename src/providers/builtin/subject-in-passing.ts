import { sentencesOf, type ContentStems, lexicalTerms } from '../../text';

/**
 * A passage or a search engine's excerpt: the heading path or page title it sits under, its text
 * and, when known, the address of its page.
 */
export interface TitledPassage {
  readonly title: string;
  readonly snippet: string;
  readonly url?: string;
}

/**
 * At most this many of the question's everyday words must meet its subject in one sentence: what
 * an answer shares with a long question is a couple of its words, the rest said in its own words.
 */
const MAX_WORDS_WITH_SUBJECT = 2;
/**
 * Code identifiers (UND_ERR_HEADERS_TIMEOUT, reply.send, bodyLimit): one is defined in one place, a
 * table row or an option, and the passages that say how to use it need not repeat it, so the words
 * of an identifier do not make a question's subject here.
 */
const IDENTIFIER =
  /[\p{L}\p{N}]+(?:[_.][\p{L}\p{N}]+)+|(?<![\p{L}\p{N}])\p{Ll}+\p{Lu}[\p{L}\p{N}]*/gu;

/**
 * An excerpt's ellipses. Quoting drops the cut pieces beside them (sentencesOf); here they are
 * kept, without the ellipses: a cut piece still shows the subject's words meeting the question's.
 */
const CUT_ENDS = /^\s*(?:…|\.\.\.)\s*|\s*(?:…|\.\.\.)\s*$/gu;
/** What separates the words of an address ("undici.nodejs.org/docs/api/CacheStore.md"). */
const ADDRESS_SEPARATORS = /[/.:_~+=&?#-]+/g;

/**
 * Whether passages name what a question is about only in passing, so that none answers it: the
 * question's specific terms that the passages have (its subject: "Kubernetes") are named by fewer
 * than half of them, so most passages are about something else, and no sentence of a passage that
 * names the subject holds, with its heading, at least two of the question's everyday words (all but
 * one of them when it has fewer than three). "How do I set memory limits for a pod in Kubernetes?"
 * meets documentation that mentions Kubernetes pods in a section on readiness probes and says
 * "limits" in an unrelated one: the question's words are all there, but never about its subject.
 * One word of the question may be put differently by an answer, which a short question cannot lose
 * twice. A question without specific terms outside code identifiers, or whose subject the passages
 * do not name at all (see missesSpecificTerms), is not judged here.
 *
 * A passage names the subject when its title, text or page address does: documentation does not
 * repeat its product's name in every section, nor an excerpt the words of its page, but the page's
 * address says what it is about. Excerpts are judged with the text either side of their ellipses.
 * `asked` is questionTerms of the question; `documents` are the passages' lexical terms
 * (lexicalTerms of title and text).
 */
export function namesSubjectOnlyInPassing(
  question: string,
  asked: ContentStems,
  passages: readonly TitledPassage[],
  documents: readonly ReadonlySet<string>[],
  language = 'en',
): boolean {
  const everyday = [...new Set(asked.everyday)];
  if (everyday.length === 0) return false;
  const named = new Set(lexicalTerms(question.replace(IDENTIFIER, ' '), language));
  const subject = [...new Set(asked.specific)].filter(
    (stem) => named.has(stem) && documents.some((terms) => terms.has(stem)),
  );
  if (subject.length === 0) return false;
  const names = (terms: ReadonlySet<string>) => subject.some((stem) => terms.has(stem));
  const naming = passages
    .map((_, i) => i)
    .filter((i) => names(documents[i]) || names(new Set(addressTerms(passages[i].url, language))));
  if (naming.length * 2 >= passages.length) return false;
  const needed = Math.max(1, Math.min(MAX_WORDS_WITH_SUBJECT, everyday.length - 1));
  // Only a passage that holds enough of the question as a whole can have such a sentence.
  const holding = (terms: ReadonlySet<string>) =>
    everyday.filter((stem) => terms.has(stem)).length >= needed;
  return !naming.some((i) => {
    if (!holding(documents[i])) return false;
    const heading = new Set(lexicalTerms(passages[i].title, language));
    const text = passages[i].snippet.replace(CUT_ENDS, '');
    return sentencesOf(text, { cutPieces: true }).some((sentence) => {
      const terms = new Set(lexicalTerms(sentence, language));
      return everyday.filter((stem) => terms.has(stem) || heading.has(stem)).length >= needed;
    });
  });
}

/**
 * The words of a page's address: a page on undici.nodejs.org or under docs/undici/ is about undici
 * whether or not its excerpt repeats the name.
 */
function addressTerms(url: string | undefined, language: string): string[] {
  if (!url) return [];
  let address: string;
  try {
    const { hostname, pathname } = new URL(url);
    address = `${hostname} ${decodeURIComponent(pathname)}`;
  } catch {
    return [];
  }
  return lexicalTerms(address.replace(ADDRESS_SEPARATORS, ' '), language);
}
