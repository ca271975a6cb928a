import { isStopword, stemOf, wordsOf } from '../../text';

const FNV_PRIME = 16777619;
/** Different FNV offset bases keep word and character n-gram features apart. */
const WORD_SEED = 2166136261;
const WORD_PAIR_SEED = 0x2545f491;
const CHAR_SEED = 0x9e3779b9;
const STEM_SEED = 0x85ebca6b;

/**
 * Weighted hashed features of a text: words (weight 1), adjacent word pairs (0.5) and character
 * trigrams inside space-padded words (0.3, which catch inflections and unsegmented scripts).
 * Keys are 32-bit FNV-1a hashes, computed on the code units without building n-gram strings.
 */
export function hashedFeatures(text: string): Map<number, number> {
  const features = new Map<number, number>();
  const add = (key: number, weight: number) => features.set(key, (features.get(key) ?? 0) + weight);
  // Function words say nothing about a topic and only dilute the vector of a long passage.
  const words = wordsOf(text).filter((word) => !isStopword(word));
  let previous: number | undefined;
  for (const word of words) {
    const wordHash = hashRange(word, 0, word.length, WORD_SEED);
    add(wordHash, 1);
    // The stem joins inflections of one word ("signed", "signing") that the word itself keeps apart.
    const stem = stemOf(word);
    add(hashRange(stem, 0, stem.length, STEM_SEED), 0.5);
    if (previous !== undefined)
      add(Math.imul(previous ^ wordHash, FNV_PRIME) ^ WORD_PAIR_SEED, 0.5);
    previous = wordHash;
    const padded = ` ${word} `;
    for (let start = 0; start + 3 <= padded.length; start++) {
      add(hashRange(padded, start, start + 3, CHAR_SEED), 0.3);
    }
  }
  return features;
}

function hashRange(text: string, start: number, end: number, seed: number): number {
  let hash = seed;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}
