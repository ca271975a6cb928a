const MARKER = /\[(\d{1,4})\]/g;
const WORD_BEFORE = /[\p{L}\p{N}_)]/u;

export interface CitationMarker {
  /** 1-based source number. */
  readonly n: number;
  /** Offset of "[" in UTF-16 units, as JavaScript strings index. */
  readonly start: number;
  /** Offset just past "]". */
  readonly end: number;
}

/**
 * The citation markers [n] of an answer that point at one of its sources, with exact offsets.
 * Same reading as the pipeline's citation filter: a marker glued to a word (a[1]) is indexing,
 * not a citation, unless it follows another marker ([1][2]).
 */
export function findCitationMarkers(content: string, sourceCount: number): CitationMarker[] {
  const markers: CitationMarker[] = [];
  let previousEnd = -1;
  for (const match of content.matchAll(MARKER)) {
    const start = match.index;
    const end = start + match[0].length;
    const before = start > 0 ? content[start - 1] : '';
    const inRun = start === previousEnd;
    if (before && !inRun && WORD_BEFORE.test(before)) continue;
    const n = Number(match[1]);
    previousEnd = end;
    if (n >= 1 && n <= sourceCount) markers.push({ n, start, end });
  }
  return markers;
}
