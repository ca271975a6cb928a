import type { ChatMessage } from '../model.ports';
import { parseNumberedSources } from '../numbered-sources.format';
import { isBuiltinReply } from './builtin-replies';
import { isFollowUpQuestion } from './follow-up-detection';
import {
  contentWordsOf,
  detectLanguage,
  englishWordClasses,
  isCommonWord,
  isStopword,
  sentencesOf,
  stemOf,
  wordClassAt,
  wordsOf,
  type WordClass,
} from '../../text';

const MAX_QUESTIONS = 5;
const MIN_QUESTIONS = 3;
const MAX_PHRASE_WORDS = 3;
/** "isn't", "I’m", "we've": a contraction is no content word. */
const CONTRACTION = /['’](?:t|m|ve|re|ll|d)$/iu;
const TOKEN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}_'’-]*/gu;
/**
 * English texts tagged with word classes, up to this many characters per conversation (the last
 * question first, then the answers): tagging costs about 1 ms per sentence.
 */
const TAGGED_CHARS = 3000;

/**
 * Question templates per language: about a phrase of the conversation, and about its topic.
 * English ones have a plural form (`plural`), used when the phrase is a plural noun ("tuples"),
 * and one that reads right either way (`eitherNumber`); the topic ones are worded so that a
 * singular or plural topic reads right ("files", "WAL").
 */
interface Templates {
  readonly phrase: string[];
  readonly related: string;
  readonly topic: string[];
  /**
   * About a topic that is a common noun ("the current directory", "text columns"), not a program
   * or a name: advantages and alternatives are for tools ("SQLite", "bash", "the Apache server").
   */
  readonly commonNounTopic?: string[];
  readonly plural?: PhraseTemplates;
  /** For a phrase whose number is not known ("Redirections", a source's heading, untagged). */
  readonly eitherNumber?: PhraseTemplates;
}

interface PhraseTemplates {
  readonly phrase: string[];
  readonly related: string;
}

const TEMPLATES: Record<string, Templates> = {
  en: {
    phrase: ['What is {p}?', 'Can you tell me more about {p}?', 'Why does {p} matter?'],
    related: 'How does {p} relate to {t}?',
    plural: {
      phrase: ['What are {p}?', 'Can you tell me more about {p}?', 'Why do {p} matter?'],
      related: 'How do {p} relate to {t}?',
    },
    eitherNumber: {
      phrase: ['Can you tell me more about {p}?'],
      related: 'What is the link between {p} and {t}?',
    },
    topic: [
      'What are the main advantages of {t}?',
      'What are common problems with {t}?',
      'What are the alternatives to {t}?',
    ],
    commonNounTopic: [
      'What should I know about {t}?',
      'What are common problems with {t}?',
      'Where can I learn more about {t}?',
    ],
  },
  fr: {
    phrase: [
      "Qu'est-ce que {p} ?",
      'Peux-tu en dire plus sur {p} ?',
      'Pourquoi {p} est-il important ?',
    ],
    related: 'Quel est le lien entre {p} et {t} ?',
    topic: [
      'Quels sont les principaux avantages de {t} ?',
      'Quels sont les problèmes courants avec {t} ?',
      'Quelles sont les alternatives à {t} ?',
    ],
  },
  de: {
    phrase: ['Was ist {p}?', 'Kannst du mehr über {p} erzählen?', 'Warum ist {p} wichtig?'],
    related: 'Wie hängt {p} mit {t} zusammen?',
    topic: [
      'Was sind die wichtigsten Vorteile von {t}?',
      'Welche typischen Probleme gibt es mit {t}?',
      'Welche Alternativen gibt es zu {t}?',
    ],
  },
  es: {
    phrase: ['¿Qué es {p}?', '¿Puedes contarme más sobre {p}?', '¿Por qué es importante {p}?'],
    related: '¿Qué relación hay entre {p} y {t}?',
    topic: [
      '¿Cuáles son las principales ventajas de {t}?',
      '¿Cuáles son los problemas habituales con {t}?',
      '¿Qué alternativas hay a {t}?',
    ],
  },
  ru: {
    phrase: ['Что такое {p}?', 'Расскажи подробнее о {p}?', 'Почему {p} важно?'],
    related: 'Как {p} связано с {t}?',
    topic: [
      'Каковы главные преимущества {t}?',
      'Какие типичные проблемы возникают с {t}?',
      'Как {t} выглядит по сравнению с альтернативами?',
    ],
  },
};

interface Phrase {
  readonly text: string;
  readonly stems: readonly string[];
  readonly salient: boolean;
  /** Whether its last word is a plural noun, where the words were tagged (else by its spelling). */
  readonly plural?: boolean;
  /** Whether its last word is a noun, where the words were tagged. */
  readonly endsInNoun?: boolean;
  /**
   * Named with "the" ("the single fix"): it was said in the conversation, and "the" also reads
   * right with the mass nouns the tagger calls countable ("the output").
   */
  readonly definite?: boolean;
  score: number;
  count: number;
}

/** A text and, for English, the class of each of its words. */
interface Text {
  readonly text: string;
  readonly classes?: readonly WordClass[];
}

/**
 * Follow-up questions for a conversation, written from it: the topic of the last question and the
 * phrases the answers and sources dwell on that the user has not asked about yet, put into
 * question templates of the conversation's language. The conversation is every non-system
 * message but the last user one (the instruction); sources are those of a <sources> block.
 */
export function followUpQuestions(messages: readonly ChatMessage[]): string[] {
  const lastUser = messages.map((m) => m.role).lastIndexOf('user');
  const turns = messages.filter((m, i) => m.role !== 'system' && i !== lastUser);
  const sources = messages
    .filter((m) => m.role === 'system')
    .flatMap((m) => parseNumberedSources(m.content));
  const asked = turns.filter((m) => m.role === 'user').map((m) => m.content);
  const templates: Templates = TEMPLATES[detectLanguage(wordsOf(asked.join(' ')))] ?? TEMPLATES.en;
  const tag = wordTagger(templates === TEMPLATES.en);
  const askedStems = new Set(
    asked.flatMap((text) => contentWordsOf(text)).map((word) => stemOf(word)),
  );

  const sourceTexts = sources.map((s) => [
    s.title,
    ...sentencesOf(s.content, { title: s.title }).slice(0, 6),
  ]);
  // A follow-up ("and how many items does it hold?") is about the question it follows as well.
  const topicTexts = asked
    .slice(isFollowUpQuestion(asked[asked.length - 1] ?? '') ? -2 : -1)
    .reverse()
    .map(tag);
  // Each sentence once: an answer quotes its sources, and a phrase must recur in other sentences.
  const answered = new Set(
    turns
      .filter((m) => m.role === 'assistant')
      .flatMap((m) => sentencesOf(m.content))
      .filter((sentence) => !isBuiltinReply(sentence)),
  );
  const texts = [
    ...[...answered].map(tag),
    ...[...new Set(sourceTexts.flat())]
      .filter((text) => !answered.has(text))
      .map((text) => ({ text })),
  ];
  const said = phrasesOf(texts);
  const chrome = siteChrome(sourceTexts);
  const topic = topicTexts.length ? topicOf(phrasesOf(topicTexts), said) : undefined;
  const chosen: Phrase[] = [];
  const usedStems = new Set(topic?.stems ?? []);
  for (const phrase of [...said.values()].sort((a, b) => b.score - a.score)) {
    // Without part-of-speech tags a phrase seen once may be a verb, an adverb or a noun and a verb
    // ("reclaims", "typically", "replicas share"): it must recur, or be a name (every word of it).
    if (phrase.count < 2 && !phrase.salient) continue;
    if (!readsAsTopic(phrase) || chrome(phrase)) continue;
    if (phrase.stems.every((stem) => askedStems.has(stem))) continue;
    if (phrase.stems.some((stem) => usedStems.has(stem))) continue;
    chosen.push(phrase);
    phrase.stems.forEach((stem) => usedStems.add(stem));
    if (chosen.length === MAX_QUESTIONS) break;
  }

  const questions: string[] = [];
  chosen.forEach((phrase, index) => {
    const forms =
      (isPlural(phrase) && templates.plural) ||
      (numberUnknown(phrase) && templates.eitherNumber) ||
      templates;
    const template =
      topic && index % 2 === 1
        ? forms.related
        : forms.phrase[Math.floor(index / 2) % forms.phrase.length];
    questions.push(fill(template, named(phrase), topic && named(topic)));
  });
  const topicTemplates =
    topic && isCommonNoun(topic) && templates.commonNounTopic
      ? templates.commonNounTopic
      : templates.topic;
  for (const template of topic ? topicTemplates : []) {
    if (questions.length >= MIN_QUESTIONS) break;
    questions.push(fill(template, '', named(topic!)));
  }
  return [...new Set(questions)].slice(0, MAX_QUESTIONS);
}

/**
 * Tags English texts with word classes until TAGGED_CHARS are spent; other texts go untagged.
 */
function wordTagger(english: boolean): (text: string) => Text {
  let budget = english ? TAGGED_CHARS : 0;
  return (text) => {
    if (text.length > budget) return { text };
    budget -= text.length;
    return { text, classes: englishWordClasses(text) };
  };
}

/** Runs of up to three content words (original spelling), scored by frequency and salience. */
function phrasesOf(texts: readonly Text[]): Map<string, Phrase> {
  const phrases = new Map<string, Phrase>();
  for (const text of texts) {
    for (const run of contentRuns(text)) {
      for (let size = 1; size <= Math.min(MAX_PHRASE_WORDS, run.length); size++) {
        for (let start = 0; start + size <= run.length; start++) {
          const words = run.slice(start, start + size).map((token) => token.word);
          const last = run[start + size - 1].class;
          const key = words.join(' ').toLowerCase();
          const salient = words.every((w) => /[A-Z_]/.test(w.slice(1)) || /^\p{Lu}/u.test(w));
          const weight = (1 + 0.6 * (size - 1)) * (salient ? 1.5 : 1);
          const found = phrases.get(key);
          if (found) {
            found.score += weight;
            found.count += 1;
          } else {
            phrases.set(key, {
              text: words.join(' '),
              stems: words.map((w) => stemOf(w.toLowerCase())),
              salient,
              plural: last?.plural,
              endsInNoun: last?.noun,
              definite: last && takesArticle(words, last, salient),
              score: weight,
              count: 1,
            });
          }
        }
      }
    }
  }
  return phrases;
}

interface RunWord {
  readonly word: string;
  readonly class?: WordClass;
}

/**
 * Maximal runs of adjacent content words: a stopword, a number, punctuation, or in a tagged text a
 * verb, an adverb or a function word ends a run ("Can Apache limit how fast", "commits broke the
 * build"). An everyday word capitalised only because it starts a sentence ("Lists are...") is
 * lower-cased, so that it does not pass for a name.
 */
function contentRuns({ text, classes }: Text): RunWord[][] {
  const runs: RunWord[][] = [];
  let run: RunWord[] = [];
  let end = 0;
  for (const match of text.matchAll(TOKEN)) {
    const gap = text.slice(end, match.index);
    const startsSentence = end === 0 || /[.!?]\s*$/.test(gap);
    let word = match[0].replace(/['’-]+$/, '');
    if (startsSentence && /^\p{Lu}\p{Ll}*$/u.test(word) && isCommonWord(word.toLowerCase())) {
      word = word.toLowerCase();
    }
    end = match.index + match[0].length;
    // A compound's class is its last part's: "keep-alive connections", "half-done".
    const wordClass = classes && wordClassAt(classes, match.index + word.length - 1);
    const content =
      word.length > 2 &&
      !/^\d+$/.test(word) &&
      !isStopword(word.toLowerCase()) &&
      !CONTRACTION.test(word) &&
      !(
        wordClass &&
        ((wordClass.verb && !wordClass.noun) || wordClass.adverb || wordClass.functionWord)
      );
    if (!content || (run.length > 0 && !/^[ \t]+$/.test(gap))) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (content) run.push({ word, class: wordClass });
  }
  if (run.length) runs.push(run);
  return runs.map(withoutTrailingParticiples).filter((words) => words.length > 0);
}

/** "meta-search results cached" -> "meta-search results": a participle ending a run is no topic. */
function withoutTrailingParticiples(run: RunWord[]): RunWord[] {
  let end = run.length;
  while (end > 1 && /^\p{Ll}.*(?:ed|ing)$/u.test(run[end - 1].word)) end--;
  return run.slice(0, end);
}

/**
 * The topic of a question: of its phrases that read as a topic (readsAsTopic), one the answers
 * and sources say as a whole ("primary key", "working tree": what the texts repeat as a unit is a
 * thing they are about), the longer first; else the one with the most words the texts also say
 * (a run of the question's words may hold a verb, "Postgres keep old"), the longer on a tie
 * ("meta-search results" over "results"); the question's longest phrase when none reads as a topic.
 */
function topicOf(
  phrases: Map<string, Phrase>,
  said: ReadonlyMap<string, Phrase>,
): Phrase | undefined {
  const readable = [...phrases.values()].filter(readsAsTopic);
  const candidates = readable.length > 0 ? readable : [...phrases.values()];
  let best: Phrase | undefined;
  let bestRank = -1;
  for (const phrase of candidates) {
    const key = phrase.text.toLowerCase();
    const words = key.split(' ');
    const saidWords = words.filter((word) => said.has(word)).length;
    // Said as a whole by the texts (a unit of theirs), or a specific word they say, before a run
    // of the question's words that the texts only say apart ("commits broke", "query shows").
    const whole = said.has(key) && (words.length > 1 || !isCommonWord(key)) ? 1000 : 0;
    const rank = whole + saidWords * 10 + words.length;
    if (rank > bestRank) {
      best = phrase;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * English words that are in no topic: particles, adverbs, possessive pronouns, quantifiers, number
 * words and modals ("clean out", "get back one", "causes every row", "two branches", "different
 * directories", "make sure", "may result"), which a run of content words picks up.
 */
const NOT_A_TOPIC_WORD = new Set(
  'out up down over back off away inside outside instead without mine yours ours theirs also only even just still here more less same next per each every own such other another all any some one two three four five six seven eight nine ten twelve twenty hundred thousand million dozen several multiple various different certain separate both sure whether else very much many most few lot ago may might must should shall'.split(
    ' ',
  ),
);

/**
 * Whether a phrase can be what a question is about: one word that is not an everyday word
 * ("tuples", "HAProxy"; not "see", "use", "more"), or words without a particle, quantifier or
 * modal that neither start with an adverb in -ly nor end with one, a possessive or a participle
 * ("team keep fighting", "maintained here", "Apache's"), and that are not a heading of everyday
 * words.
 */
function readsAsTopic(phrase: Phrase): boolean {
  const words = phrase.text.split(' ');
  const lower = words.map((word) => word.toLowerCase());
  if (lower.some((word) => NOT_A_TOPIC_WORD.has(word))) return false;
  if (/ly$/u.test(lower[0]) || /(?:ly|['’]s)$/u.test(lower[lower.length - 1])) return false;
  // "Documentation Download", "First Contribution": a heading of everyday words, not a name.
  if (words.length > 1 && phrase.salient && lower.every((word) => isCommonWord(word))) {
    return false;
  }
  if (/^\p{Ll}.*(?:ed|ing)$/u.test(words[words.length - 1])) return false;
  if (phrase.endsInNoun === false) return false;
  return words.length > 1 || !isCommonWord(words[0].toLowerCase()) || isPlural(phrase);
}

/** A phrase in this many sources, and in a third of them at least, is the site's, not a topic. */
const CHROME_SOURCES = 3;

/**
 * Site chrome: phrases that many of the sources carry, as their site's navigation and titles do
 * ("Apache HTTP Server Version 2.4", "Documentation Download"). They say where the pages are,
 * not what they are about.
 */
function siteChrome(sourceTexts: readonly string[][]): (phrase: Phrase) => boolean {
  const inSources = new Map<string, number>();
  for (const texts of sourceTexts) {
    const phrases = phrasesOf(texts.map((text) => ({ text })));
    for (const key of phrases.keys()) inSources.set(key, (inSources.get(key) ?? 0) + 1);
  }
  return (phrase) => {
    const count = inSources.get(phrase.text.toLowerCase()) ?? 0;
    return count >= CHROME_SOURCES && count * 3 >= sourceTexts.length;
  };
}

/**
 * "tuples", "row versions": a lower-case English noun in -s (not -ss, -us, -is: "class", "status"),
 * or where the words were tagged, a plural noun ("Arrays"; not "always"). An identifier
 * ("count_changes") is no plural, whatever its tag.
 */
function isPlural(phrase: Phrase): boolean {
  const last = lastWordOf(phrase);
  if (!/^\p{L}[\p{Ll}-]*s$/u.test(last)) return false;
  if (phrase.plural !== undefined) return phrase.plural;
  return /^\p{Ll}.*[^su'’]s$/u.test(last) && !/(?:ss|us|is)$/u.test(last);
}

/**
 * A countable common noun in lower case, not an identifier ("count_changes") nor after a name's
 * possessive ("Apache's configuration"); alone, an everyday word: "git" and "bash" are programs.
 */
function takesArticle(words: readonly string[], last: WordClass, salient: boolean): boolean {
  const lastWord = words[words.length - 1];
  return (
    last.countable &&
    !salient &&
    /^\p{Ll}[\p{Ll}-]*$/u.test(lastWord) &&
    (words.length > 1 || isCommonWord(lastWord)) &&
    !/^\p{Lu}.*['’]s$/u.test(words[0])
  );
}

/**
 * Whether a phrase is a common noun of lower-case words, with no name in it: one named with "the"
 * (see takesArticle) or a plural ("the current directory", "text columns"; not "the Apache
 * server", which is about Apache).
 */
function isCommonNoun(phrase: Phrase): boolean {
  if (!/^[\p{Ll}\p{N}' ’-]+$/u.test(phrase.text)) return false;
  return phrase.definite === true || isPlural(phrase);
}

/** A phrase as a question names it: "the single fix", "tuples", "SQLite". */
function named(phrase: Phrase): string {
  return phrase.definite ? `the ${phrase.text}` : phrase.text;
}

/**
 * Whether a phrase may be singular or plural for all that is known of it: a word in capitals
 * ending in -s ("Redirections", a heading; "Kubernetes", a name) that the tagger did not call a
 * plural (it takes such a word inside a sentence for a name, or did not see it).
 */
function numberUnknown(phrase: Phrase): boolean {
  const last = lastWordOf(phrase);
  return phrase.plural !== true && /^\p{Lu}\p{Ll}+[^su'’]s$/u.test(last);
}

function lastWordOf(phrase: Phrase): string {
  return phrase.text.split(' ').at(-1) ?? '';
}

function fill(template: string, phrase: string, topic: string | undefined): string {
  return template.replace('{p}', phrase).replace('{t}', topic ?? phrase);
}
