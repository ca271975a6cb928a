/**
 * Which documents answer each question of questions.ts, judged by reading the pages after the
 * questions were written and committed. Document ids are corpus ids (eval/corpus/debian-corpus.ts):
 * a page ("git/git-stash"), an FAQ entry ("sqlite/faq#q19") or a local section ("bash/Arrays").
 * A question listed with [] was judged to have no answer in the corpus.
 */
export const JUDGEMENTS: Readonly<Record<string, readonly string[]>> = {};
