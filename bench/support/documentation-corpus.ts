import { seededRandom } from '../../scripts/support/seeded-random';

/**
 * Synthetic documentation pages whose words follow Zipf's law, as the words of real prose do: a
 * word's frequency falls as 1/rank, so function words fill half the text, a few product words are
 * in nearly every section, and most words are rare. Each page is also about one topic, whose
 * words it uses more often (as a page on failover says "replica" and "lease" again and again),
 * so the words of a question meet on the pages that answer it. A search term is then as
 * selective as in a real handbook, and the queries below are phrased as users ask them
 * (websearch syntax).
 *
 * Deterministic: page i is the same on every run and in any upload order (its generator is seeded
 * with i), so figures from two runs describe the same corpus.
 */

/** English function words, most frequent first (PostgreSQL's english configuration drops them). */
const FUNCTION_WORDS = (
  'the of and to a in is for that it on with as be by this are or an from at not can if which ' +
  'when each you its all has have but will was no more than so only into other there their may ' +
  'then these any also been do how what where your we they them our both after before over ' +
  'under while between same such own some most very just because should does being through ' +
  'about up out down again further once here why who those few too'
).split(' ');

/** Words of the product a handbook is about: in nearly every section, as a product's name is. */
const PRODUCT_WORDS: ReadonlyMap<number, string> = new Map([
  [3, 'service'],
  [9, 'file'],
  [14, 'request'],
]);

/**
 * Domain words, placed from rank 40 (common) to about rank 6,000 (rare) in this order; the words
 * of the queries are spread among them, so a query mixes common and rare terms.
 */
const DOMAIN_WORDS = (
  'data search store index query user load order documents setting token default start page ' +
  'result error response model vector client server time database version value table cache ' +
  'connection limit source text header route status session process worker memory event stream ' +
  'schema queue test update option chunk field lease access owner format upload report policy ' +
  'migration pool metric replica trace log url backup network storage entry record message key ' +
  'handbook content range batch signal region domain filter ranking score language ' +
  'manual retry timeout endpoint payload secret credential deploy release cluster node volume ' +
  'standby primary recover citation quota bucket partition snapshot archive tenant webhook ' +
  'expired startup rotate template proxy gateway certificate rollback shard failover exhausted ' +
  'ingestion audit stemming bearer downtime promote german pdf uploaded fail spreadsheet ' +
  'throttle vacuum checkpoint replication latency throughput sampling histogram bitmap tokenizer ' +
  'lexeme dictionary thesaurus synonym embedding cosine similarity normalization accent collation ' +
  'locale encoding checksum compression decompression serialization handshake keepalive ' +
  'multiplexing backpressure heartbeat watchdog supervisor orchestration scheduler cron ' +
  'idempotency deduplication reconciliation tombstone compaction fragmentation defragmentation ' +
  'quorum consensus election leader follower witness arbiter fencing split brain restore ' +
  'retention dashboard'
).split(' ');

/** Topics of pages: the words a page about it uses more often than the rest of the handbook. */
const TOPICS: readonly (readonly string[])[] = [
  'replica lease recover expired standby failover promote primary replication fencing',
  'connection pool exhausted load timeout keepalive client server latency throughput',
  'bearer token rotate secret credential downtime certificate session access header',
  'ingestion uploaded pdf fail upload format spreadsheet decompression queue worker',
  'stemming german documents language dictionary lexeme thesaurus synonym accent locale',
  'citation url handbook page source content ranking score search result',
  'schema migration order startup version release rollback table database deploy',
  'backup snapshot archive storage volume bucket compression checksum restore retention',
  'metric trace log histogram sampling audit report event signal dashboard',
  'cluster node shard partition quorum consensus election leader follower witness',
].map((topic) => topic.split(' '));
/** Share of a page's words drawn from its topic rather than from the whole vocabulary. */
const TOPIC_SHARE = 0.06;

const VOCABULARY_SIZE = 40_000;
const FIRST_DOMAIN_RANK = 40;
const LAST_DOMAIN_RANK = 6_000;

/** Typical questions, in websearch syntax: quoted phrases and -exclusions as users type them. */
export const TYPICAL_QUERIES: readonly string[] = [
  'how do I recover a replica after its lease expired',
  '"connection pool" exhausted under load',
  'rotate the bearer token without downtime',
  'why does ingestion of an uploaded pdf fail',
  'stemming for german documents',
  'promote a standby during failover -manual',
  'citation url of a handbook page',
  'schema migration order at startup',
];

/** The stated worst case: a product word, so nearly every chunk matches. */
export const WORST_CASE_QUERY = 'service';

const vocabulary = rankedVocabulary();
const cumulative = zipfCumulativeWeights(vocabulary.length);

/** Page `index`: a title and three to five sections of paragraphs, about 5 KB. */
export function documentationPage(index: number): string {
  const random = seededRandom(index + 1);
  const topic = TOPICS[Math.floor(random() * TOPICS.length)];
  const word = () =>
    random() < TOPIC_SHARE
      ? topic[Math.floor(random() * topic.length)]
      : vocabulary[zipfRank(random())];
  const contentWord = () => {
    for (;;) {
      const next = word();
      if (!FUNCTION_WORDS.includes(next)) return next;
    }
  };
  const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
  const heading = (words: number) => capitalised(Array.from({ length: words }, contentWord));
  const sentence = () => `${capitalised(Array.from({ length: between(8, 24) }, word))}.`;
  const paragraph = () => Array.from({ length: between(3, 7) }, sentence).join(' ');
  const section = () =>
    `## ${heading(between(2, 5))}\n\n${Array.from({ length: between(1, 3) }, paragraph).join('\n\n')}\n`;
  return `# ${heading(between(3, 6))}\n\n${Array.from({ length: between(3, 5) }, section).join('\n')}`;
}

/** Rank order: function and product words first, domain words spread, invented words between. */
function rankedVocabulary(): string[] {
  const ranked: (string | undefined)[] = Array.from({ length: VOCABULARY_SIZE }, () => undefined);
  const place = (rank: number, word: string) => {
    let at = rank - 1;
    while (ranked[at] !== undefined) at += 1;
    ranked[at] = word;
  };
  for (const [rank, word] of PRODUCT_WORDS) place(rank, word);
  FUNCTION_WORDS.forEach((word, index) => place(index + 1, word));
  const growth = Math.log(LAST_DOMAIN_RANK / FIRST_DOMAIN_RANK) / (DOMAIN_WORDS.length - 1);
  DOMAIN_WORDS.forEach((word, index) =>
    place(Math.round(FIRST_DOMAIN_RANK * Math.exp(growth * index)), word),
  );
  const taken = new Set(ranked.filter((word) => word !== undefined));
  const invent = inventedWords(taken);
  return ranked.map((word) => word ?? invent());
}

/** Pronounceable words that are no real word of the lists above: the long tail of a vocabulary. */
function inventedWords(taken: Set<string>): () => string {
  const random = seededRandom(0x5eed);
  const onsets = 'b c d f g h k l m n p r s t v w z br cr dr fl gr pl pr sh st th tr'.split(' ');
  const vowels = 'a e i o u ai ea io ou'.split(' ');
  const codas = ['', '', 'n', 'r', 's', 'l', 'x', 'nd', 'st', 'rk'];
  const pick = (list: readonly string[]) => list[Math.floor(random() * list.length)];
  return () => {
    for (;;) {
      const syllables = 2 + Math.floor(random() * 3);
      let word = '';
      for (let i = 0; i < syllables; i++) word += pick(onsets) + pick(vowels);
      word += pick(codas);
      if (!taken.has(word)) {
        taken.add(word);
        return word;
      }
    }
  };
}

/** Cumulative weights of ranks 1..n under Zipf's law (exponent 1), normalised to end at 1. */
function zipfCumulativeWeights(n: number): Float64Array {
  const weights = new Float64Array(n);
  let sum = 0;
  for (let rank = 1; rank <= n; rank++) weights[rank - 1] = sum += 1 / rank;
  return weights.map((weight) => weight / sum);
}

/** The 0-based rank whose cumulative weight first reaches u (binary search). */
function zipfRank(u: number): number {
  let low = 0;
  let high = cumulative.length - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (cumulative[middle] < u) low = middle + 1;
    else high = middle;
  }
  return low;
}

function capitalised(words: readonly string[]): string {
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}
