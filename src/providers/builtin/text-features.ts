import { contentWordsOf, stemOf } from '../../text';

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
  const words = contentWordsOf(text);
  let previous: number | undefined;
  for (const word of words) {
    const keys = wordKeys(word);
    const wordHash = keys[0];
    add(wordHash, 1);
    // The stem joins inflections of one word ("signed", "signing") that the word itself keeps apart.
    add(keys[1], 0.5);
    if (previous !== undefined)
      add(Math.imul(previous ^ wordHash, FNV_PRIME) ^ WORD_PAIR_SEED, 0.5);
    previous = wordHash;
    for (let i = 2; i < keys.length; i++) add(keys[i], 0.3);
  }
  return features;
}

/** Words repeat across the texts of an ingestion or a search: their keys are memoised. */
const MAX_MEMOISED_WORDS = 50_000;
const keysOfWord = new Map<string, Int32Array>();

/** A word's keys: the word, its stem, then its character trigrams (space-padded). */
function wordKeys(word: string): Int32Array {
  let keys = keysOfWord.get(word);
  if (keys) return keys;
  const stem = stemOf(word);
  const padded = ` ${word} `;
  keys = new Int32Array(padded.length);
  keys[0] = hashRange(word, 0, word.length, WORD_SEED);
  keys[1] = hashRange(stem, 0, stem.length, STEM_SEED);
  for (let start = 0; start + 3 <= padded.length; start++) {
    keys[start + 2] = hashRange(padded, start, start + 3, CHAR_SEED);
  }
  if (keysOfWord.size >= MAX_MEMOISED_WORDS) keysOfWord.clear();
  keysOfWord.set(word, keys);
  return keys;
}

function hashRange(text: string, start: number, end: number, seed: number): number {
  let hash = seed;
  for (let i = start; i < end; i++) hash = Math.imul(hash ^ text.charCodeAt(i), FNV_PRIME);
  return hash >>> 0;
}
