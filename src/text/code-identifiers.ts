/**
 * Code identifiers as a question names them: dotted or underscored names (asyncio.gather,
 * wait_for, UND_ERR_HEADERS_TIMEOUT), camel case (useEffect, bodyLimit) and command-line options
 * (--no-ff, -o). Each names one thing exactly, where the words around it only describe.
 */
const IDENTIFIER =
  /(?<![\p{L}\p{N}_-])--?\p{L}[\p{L}\p{N}_-]*|[\p{L}_$][\p{L}\p{N}_$]*(?:[._][\p{L}\p{N}_$]+)+|(?<![\p{L}\p{N}])\p{Ll}+\p{Lu}[\p{L}\p{N}]*/gu;

/** Abbreviations written with full stops ("e.g", "i.e"): every part a single letter. */
const ABBREVIATION = /^\p{L}(?:\.\p{L})+$/u;

export function codeIdentifiers(text: string): string[] {
  const found = (text.match(IDENTIFIER) ?? []).filter((name) => !ABBREVIATION.test(name));
  return [...new Set(found)];
}

/** Whether a text names an identifier itself, not a longer one it begins or ends ("gathering"). */
export function namesIdentifier(text: string, identifier: string): boolean {
  const escaped = identifier.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}_$.-])${escaped}(?![\\p{L}\\p{N}_$-])`, 'u').test(text);
}
