import type { ChatMessage } from '../model.ports';
import { parseNumberedSources } from '../numbered-sources.format';
import { detectLanguage, isStopword, sentencesOf, stemOf, wordsOf } from '../../text';

const MAX_QUESTIONS = 5;
const MIN_QUESTIONS = 3;
const MAX_PHRASE_WORDS = 3;
const TOKEN = /[\p{L}\p{N}][\p{L}\p{M}\p{N}_'’-]*/gu;

/** Question templates per language: about a phrase of the conversation, and about its topic. */
const TEMPLATES: Record<string, { phrase: string[]; related: string; topic: string[] }> = {
  en: {
    phrase: ['What is {p}?', 'Can you tell me more about {p}?', 'Why does {p} matter?'],
    related: 'How does {p} relate to {t}?',
    topic: [
      'What are the main advantages of {t}?',
      'What are common problems with {t}?',
      'How does {t} compare to the alternatives?',
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
      'Comment {t} se compare-t-il aux alternatives ?',
    ],
  },
  de: {
    phrase: ['Was ist {p}?', 'Kannst du mehr über {p} erzählen?', 'Warum ist {p} wichtig?'],
    related: 'Wie hängt {p} mit {t} zusammen?',
    topic: [
      'Was sind die wichtigsten Vorteile von {t}?',
      'Welche typischen Probleme gibt es mit {t}?',
      'Wie schneidet {t} im Vergleich zu Alternativen ab?',
    ],
  },
  es: {
    phrase: ['¿Qué es {p}?', '¿Puedes contarme más sobre {p}?', '¿Por qué es importante {p}?'],
    related: '¿Qué relación hay entre {p} y {t}?',
    topic: [
      '¿Cuáles son las principales ventajas de {t}?',
      '¿Cuáles son los problemas habituales con {t}?',
      '¿Cómo se compara {t} con las alternativas?',
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
  score: number;
  count: number;
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
  const templates = TEMPLATES[detectLanguage(wordsOf(asked.join(' ')))] ?? TEMPLATES.en;
  const askedStems = new Set(
    asked.flatMap((text) => contentWords(text)).map((word) => stemOf(word)),
  );

  const topic = asked.length ? bestPhrase(phrasesOf([asked[asked.length - 1]])) : undefined;
  const texts = [
    ...turns.filter((m) => m.role === 'assistant').flatMap((m) => sentencesOf(m.content)),
    ...sources.flatMap((s) => [s.title, ...sentencesOf(s.content).slice(0, 6)]),
  ];
  const chosen: Phrase[] = [];
  const usedStems = new Set(topic?.stems ?? []);
  for (const phrase of [...phrasesOf(texts).values()].sort((a, b) => b.score - a.score)) {
    // Without part-of-speech tags a word pair seen once may be a noun and a verb ("replicas share"):
    // longer phrases must recur or hold a name.
    if (phrase.stems.length > 1 && phrase.count < 2 && !phrase.salient) continue;
    // A short plain word seen once is more often a preposition or verb ("under") than a topic.
    if (phrase.stems.length === 1 && phrase.count < 2 && !phrase.salient && phrase.text.length < 6)
      continue;
    if (phrase.stems.every((stem) => askedStems.has(stem))) continue;
    if (phrase.stems.some((stem) => usedStems.has(stem))) continue;
    chosen.push(phrase);
    phrase.stems.forEach((stem) => usedStems.add(stem));
    if (chosen.length === MAX_QUESTIONS) break;
  }

  const questions: string[] = [];
  chosen.forEach((phrase, index) => {
    const template =
      topic && index % 2 === 1
        ? templates.related
        : templates.phrase[Math.floor(index / 2) % templates.phrase.length];
    questions.push(fill(template, phrase.text, topic?.text));
  });
  for (const template of topic ? templates.topic : []) {
    if (questions.length >= MIN_QUESTIONS) break;
    questions.push(fill(template, '', topic!.text));
  }
  return [...new Set(questions)].slice(0, MAX_QUESTIONS);
}

/** Runs of up to three content words (original spelling), scored by frequency and salience. */
function phrasesOf(texts: readonly string[]): Map<string, Phrase> {
  const phrases = new Map<string, Phrase>();
  for (const text of texts) {
    for (const run of contentRuns(text)) {
      for (let size = 1; size <= Math.min(MAX_PHRASE_WORDS, run.length); size++) {
        for (let start = 0; start + size <= run.length; start++) {
          const words = run.slice(start, start + size);
          const key = words.join(' ').toLowerCase();
          const salient = words.some((w) => /[A-Z_]/.test(w.slice(1)) || /^\p{Lu}/u.test(w));
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

/** Maximal runs of adjacent content words: a stopword, a number or punctuation ends a run. */
function contentRuns(text: string): string[][] {
  const runs: string[][] = [];
  let run: string[] = [];
  let end = 0;
  for (const match of text.matchAll(TOKEN)) {
    const word = match[0].replace(/['’-]+$/, '');
    const gap = text.slice(end, match.index);
    end = match.index + match[0].length;
    const content = word.length > 2 && !/^\d+$/.test(word) && !isStopword(word.toLowerCase());
    if (!content || (run.length > 0 && !/^[ \t]+$/.test(gap))) {
      if (run.length) runs.push(run);
      run = [];
    }
    if (content) run.push(word);
  }
  if (run.length) runs.push(run);
  return runs.map(withoutTrailingParticiples).filter((words) => words.length > 0);
}

/** "meta-search results cached" -> "meta-search results": a participle ending a run is no topic. */
function withoutTrailingParticiples(run: string[]): string[] {
  let end = run.length;
  while (end > 1 && /^\p{Ll}.*(?:ed|ing)$/u.test(run[end - 1])) end--;
  return run.slice(0, end);
}

function bestPhrase(phrases: Map<string, Phrase>): Phrase | undefined {
  // The longest run of the question is its topic ("meta-search results"), ties to the first.
  let best: Phrase | undefined;
  for (const phrase of phrases.values()) {
    if (!best || phrase.stems.length > best.stems.length) best = phrase;
  }
  return best;
}

function contentWords(text: string): string[] {
  return wordsOf(text).filter((word) => !isStopword(word));
}

function fill(template: string, phrase: string, topic: string | undefined): string {
  return template.replace('{p}', phrase).replace('{t}', topic ?? phrase);
}
