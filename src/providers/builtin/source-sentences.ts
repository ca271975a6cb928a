const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'sentence' });

/** A line that starts a unit of its own: a list item, a heading or a table row. */
const BLOCK_START = /^\s*(?:[-*+•]\s|\d{1,3}[.)]\s|#{1,6}\s|\|)/u;
/** Headings and table rows end with their line; list items may wrap onto the next lines. */
const ONE_LINE_BLOCK = /^\s*(?:#{1,6}\s|\|)/u;
const LIST_MARKER = /^\s*(?:[-*+•]|\d{1,3}[.)]|#{1,6})\s+/u;
/** Words whose full stop does not end a sentence ("e.g. Redis", "see Fig. 2"). */
const ABBREVIATION =
  /(?:^|[\s(])(?:e\.g|i\.e|etc|vs|cf|approx|fig|no|nr|dr|mr|mrs|ms|prof|st|inc|ltd|z\.b|bzw|usw|ca|env)\.\s*$/iu;
/** A source's own citation markers ("[2]", "[12, 13]") must not read as citations of ours. */
/** An excerpt's ellipsis at the start or end of a unit: text was cut there. */
const CUT = /^\s*(?:…|\.\.\.)\s*/u;
const CUT_END = /\s*(?:…|\.\.\.)\s*$/u;
const ENDS_SENTENCE = /[.!?。！？]["'»”)\]]*$/u;
const CITATION_MARKER = /\s*\[\d+(?:\s*[,–-]\s*\d+)*\]/gu;

/**
 * The sentences of a source's text, in order. Paragraphs are split at blank lines, list items,
 * headings and table rows are units of their own (so a bullet never runs into the next one), the
 * common Markdown markup of web snippets is removed ([text](url) -> text, emphasis, backticks),
 * and sentence breaks after abbreviations are undone.
 */
export function sentencesOf(content: string): string[] {
  const sentences: string[] = [];
  for (const rawUnit of unitsOf(content)) {
    // A search engine's excerpt ("… middle of a text …") starts and ends inside sentences: those
    // pieces are dropped, so that what is quoted is always a whole sentence.
    const cutBefore = CUT.test(rawUnit);
    const cutAfter = CUT_END.test(rawUnit);
    const unit = rawUnit.replace(CUT, '').replace(CUT_END, '');
    const first = sentences.length;
    let pending = '';
    for (const { segment } of SEGMENTER.segment(unit)) {
      pending += segment;
      if (ABBREVIATION.test(pending)) continue;
      const text = pending.replace(CITATION_MARKER, '').trim();
      if (text) sentences.push(text);
      pending = '';
    }
    const rest = pending.replace(CITATION_MARKER, '').trim();
    if (rest) sentences.push(rest);
    if (cutAfter && sentences.length > first && !ENDS_SENTENCE.test(sentences.at(-1)!)) {
      sentences.pop();
    }
    if (cutBefore && sentences.length > first) sentences.splice(first, 1);
  }
  return sentences;
}

function unitsOf(content: string): string[] {
  const units: string[] = [];
  for (const paragraph of content.split(/\n\s*\n/)) {
    let current = '';
    for (const line of paragraph.split('\n')) {
      if (BLOCK_START.test(line) && current) {
        units.push(current);
        current = '';
      }
      if (ONE_LINE_BLOCK.test(line)) units.push(line.trim());
      else current = current ? `${current} ${line.trim()}` : line.trim();
    }
    if (current) units.push(current);
  }
  return units.map(withoutMarkup).filter(Boolean);
}

function withoutMarkup(unit: string): string {
  return unit
    .replace(LIST_MARKER, '')
    .replace(/!\[[^\]]*\]\([^)]*\)/gu, '')
    .replace(/\[([^\]]+)\]\([^)\s]+\)/gu, '$1')
    .replace(/\*\*(?=\S)(.+?)(?<=\S)\*\*/gu, '$1')
    .replace(/`([^`]+)`/gu, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}
