import type { SourceKind } from '../search-run';

/**
 * The focus modes of earlier versions of this API and the sources each stands for.
 * writingAssistant searched nothing and answered from the conversation alone.
 */
export const FOCUS_MODE_SOURCES = {
  webSearch: ['web'],
  academicSearch: ['academic'],
  redditSearch: ['discussions'],
  youtubeSearch: ['web'],
  wolframAlphaSearch: ['web'],
  writingAssistant: [],
} as const satisfies Record<string, readonly SourceKind[]>;

export type FocusMode = keyof typeof FOCUS_MODE_SOURCES;
export const FOCUS_MODES = Object.keys(FOCUS_MODE_SOURCES) as FocusMode[];
