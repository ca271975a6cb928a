import { withoutGluedHeading } from './glued-heading';
import { isStopword } from './stopwords';

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** A line that starts a unit of its own: a list item, a heading or a table row. */
const BLOCK_START = /^\s*(?:[-*+•]\s|\d{1,3}[.)]\s|#{1,6}\s|\|)/u;
/** Headings and table rows end with their line; list items may wrap onto the next lines. */
const ONE_LINE_BLOCK = /^\s*(?:#{1,6}\s|\|)/u;
const LIST_MARKER = /^\s*(?:[-*+•]|\d{1,3}[.)]|#{1,6})\s+/u;
/** Words whose full stop does not end a sentence ("e.g. Redis", "see Fig. 2"). */
const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|fig|no|nr|dr|mr|mrs|ms|prof|st|inc|ltd|z\.b|bzw|usw|ca|env)\.\s*$/iu;
/**
 * A full stop, question or exclamation mark with no space after it ends no sentence: a range
 * ("D..M"), a version or a name ("v1.2.Final") goes on (the segmenter breaks some of them).
 */
const MARK_WITHOUT_SPACE = /[.!?]$/u;
/** An excerpt's ellipsis at the start or end of a unit: text was cut there. */
const CUT = /^\s*(?:…|\.\.\.)\s*/u;
const CUT_END = /\s*(?:…|\.\.\.)\s*$/u;
const ENDS_SENTENCE = /[.!?。！？]["'»”)\]]*$/u;
/**
 * How a whole sentence starts: a capital, a digit, a letter of a script without case, an opening
 * quote or bracket, or a code identifier ("reply.send() sends..."). A lower-case word is the middle
 * of a sentence whose start a snippet or a chunk cut off.
 */
const STARTS_SENTENCE = /^(?:[\p{Lu}\p{Lt}\p{Lo}\p{N}"“‘«¿¡([]|[\p{L}_$][\p{L}\p{N}_$]*[._(])/u;
/** Markup or a cut left before the text: closing brackets, stray quotes, punctuation. */
const DEBRIS_START = /^(?:[\s”’»)\]}>.,;:!?~=-]|["'](?![\p{L}\p{N}]))/u;
const BRACKET_PAIRS: ReadonlyArray<readonly [string, string]> = [
  ['(', ')'],
  ['[', ']'],
  ['{', '}'],
];
/**
 * Permalink glyphs that documentation generators put after a heading (Sphinx and Apache's "¶",
 * "§" not before a number, a lone "#", a link symbol): the heading ends there.
 */
const PERMALINK = /[¶🔗⚓]|§(?!\s*\d)|(?<=[\p{L}\p{N}])\s?#(?=\s+\p{Lu})/u;
/** A glyph opening a segment: the segment before it, full stop and all, was the heading. */
const AFTER_HEADING = /^\s*[¶🔗⚓]/u;
const PERMALINK_CHARACTER = /[¶🔗⚓§#]/u;
/** A section number after a sentence's end: the start of the next section's heading. */
const NEXT_SECTION_NUMBER = /(?<=[.;:!?)])\s+\d{1,3}(?:\.\d{1,3})*\.?$/u;
/** A source's own citation markers ("[2]", "[12, 13]") must not read as citations of ours. */
const CITATION_MARKER = /\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/gu;

/**
 * The whole sentences of a source's text, in order. Paragraphs are split at blank lines, list
 * items, headings and table rows are units of their own (so a bullet never runs into the next
 * one), the common Markdown markup of web snippets is removed ([text](url) -> text, emphasis,
 * backticks), and sentence breaks after abbreviations are undone. What is not a whole sentence is
 * left out: the piece before the text's first sentence start (a lower-case word: the excerpt or
 * chunk began mid-sentence) and after its last full stop (it ended mid-sentence, or mid-word),
 * pieces beside an excerpt's ellipses, and pieces that start with markup debris (`") ]`) or leave
 * a bracket or a quotation unclosed. A heading a flattened page glued to a sentence's start is
 * taken off it (withoutGluedHeading).
 */
export function sentencesOf(
  content: string,
  options: { cutPieces?: boolean; title?: string } = {},
): string[] {
  const sentences: string[] = [];
  // Kept on request: a cut piece still shows which words of a text meet.
  const whole = !options.cutPieces;
  const units = withoutTitle(unitsOf(content), whole ? options.title : undefined);
  units.forEach(({ text: rawUnit, block }, index) => {
    // A search engine's excerpt ("… middle of a text …") starts and ends inside sentences: those
    // pieces are dropped, so that what is quoted is always a whole sentence.
    const cutBefore = whole && CUT.test(rawUnit);
    const cutAfter = whole && CUT_END.test(rawUnit);
    const unit = rawUnit.replace(CUT, '').replace(CUT_END, '');
    const first = sentences.length;
    const push = (segment: string) => {
      if (whole && sentences.length > first && AFTER_HEADING.test(segment)) sentences.pop();
      const text = cleaned(segment, whole);
      if (text) sentences.push(text);
    };
    let pending = '';
    for (const { segment } of SEGMENTER.segment(unit)) {
      pending += segment;
      if (ABBREVIATION.test(pending) || MARK_WITHOUT_SPACE.test(pending)) continue;
      push(pending);
      pending = '';
    }
    push(pending);
    if (cutAfter && sentences.length > first && !ENDS_SENTENCE.test(sentences.at(-1)!)) {
      sentences.pop();
    }
    if (cutBefore && sentences.length > first) sentences.splice(first, 1);
    if (!whole) return;
    // An excerpt or a chunk of a page may start and end anywhere; whole paragraphs inside it do not.
    const last = index === units.length - 1;
    if (last && !block && sentences.length > first && !ENDS_SENTENCE.test(sentences.at(-1)!)) {
      sentences.pop();
    }
    const opening = index === 0 && !block && sentences.length > first;
    if (opening && !STARTS_SENTENCE.test(sentences[first])) sentences.splice(first, 1);
    // A paragraph that starts with a function word in lower case ("can edit the configuration")
    // goes on from a sentence that markup or extraction cut.
    else if (!block && sentences.length > first && continuesSentence(sentences[first])) {
      sentences.splice(first, 1);
    }
    for (let i = sentences.length - 1; i >= first; i--) {
      const sentence = isDebris(sentences[i]) ? '' : withoutGluedHeading(sentences[i]);
      if (sentence) sentences[i] = sentence;
      else sentences.splice(i, 1);
    }
  });
  return sentences;
}

/**
 * A segment without a source's own citation markers, and (for whole sentences) without the
 * heading before a permalink glyph ("Installing¶ To install...": the glyph ends a heading) and
 * without the number of the next section that a flattened page put after its full stop
 * ("...the table. 2.1.").
 */
function cleaned(segment: string, whole: boolean): string {
  const text = segment.replace(CITATION_MARKER, '').trim();
  if (!whole) return text;
  // Cheap tests first: most segments hold no glyph and end in no digit.
  const afterHeading = PERMALINK_CHARACTER.test(text) ? (text.split(PERMALINK).at(-1) ?? '') : text;
  const numbered = /\d/u.test(afterHeading.slice(-2));
  return (numbered ? afterHeading.replace(NEXT_SECTION_NUMBER, '') : afterHeading).trim();
}

/**
 * The units without the source's title where the first one starts with it and a sentence
 * follows: search excerpts and flattened pages start with the page's title ("Bundle URIs Git
 * bundles are...", an FAQ entry's question before its answer).
 */
function withoutTitle(units: Unit[], title: string | undefined): Unit[] {
  const heading = title?.replace(/\s+/gu, ' ').trim();
  if (!heading || units.length === 0) return units;
  const [first, ...rest] = units;
  const after = first.text.slice(heading.length);
  const startsWithTitle =
    first.text.slice(0, heading.length).toLowerCase() === heading.toLowerCase();
  if (!startsWithTitle || !/^\s+[\p{Lu}\p{N}"“(]/u.test(after)) return units;
  return [{ text: after.trim(), block: first.block }, ...rest];
}

function continuesSentence(sentence: string): boolean {
  const firstWord = /^\p{Ll}+(?=\s)/u.exec(sentence)?.[0];
  return firstWord !== undefined && isStopword(firstWord);
}

/**
 * Text around a sentence that markup or a cut left: a debris start, an unclosed bracket or a
 * quotation opened or closed outside it (`request."`).
 */
function isDebris(sentence: string): boolean {
  if (DEBRIS_START.test(sentence)) return true;
  if ((sentence.match(/"/gu)?.length ?? 0) % 2 !== 0) return true;
  return BRACKET_PAIRS.some(([open, close]) => {
    let depth = 0;
    for (const character of sentence) {
      if (character === open) depth++;
      else if (character === close && --depth < 0) return true;
    }
    return depth !== 0;
  });
}

interface Unit {
  readonly text: string;
  /** A list item, heading or table row: whole by its form, whatever its first letter or last mark. */
  readonly block: boolean;
}

function unitsOf(content: string): Unit[] {
  const units: Unit[] = [];
  for (const paragraph of content.split(/\n\s*\n/)) {
    let current = '';
    let block = false;
    for (const line of paragraph.split('\n')) {
      if (BLOCK_START.test(line) && current) {
        units.push({ text: current, block });
        current = '';
      }
      if (ONE_LINE_BLOCK.test(line)) {
        units.push({ text: line.trim(), block: true });
      } else if (current) {
        current = `${current} ${line.trim()}`;
      } else {
        current = line.trim();
        block = BLOCK_START.test(line);
      }
    }
    if (current) units.push({ text: current, block });
  }
  return units
    .map((unit) => ({ text: withoutMarkup(unit.text), block: unit.block }))
    .filter((unit) => unit.text);
}

function withoutMarkup(unit: string): string {
  return unit
    .replace(LIST_MARKER, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/gu, '')
    .replace(/\[([^\]]+)\]\([^)\s]+\)/gu, '$1')
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/gu, '$1')
    .replace(/`([^`]+)`/gu, '$1')
    .replace(/[\u200b\ufeff]/gu, '')
    .replace(/\s+/g, ' ')
    .trim();
}
