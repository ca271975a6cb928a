import { contentWordsOf } from '../../text';

/** A question with this few content words is a follow-up that needs its conversation. */
const FOLLOW_UP_WORDS = 3;

/**
 * An English question that points back at the conversation: it opens with a conjunction ("And
 * what happens…", "But…") or names its subject by a pronoun ("how many items it holds").
 */
const REFERS_BACK = /^\s*(?:and|but|also|so|then)\b|\b(?:it|its|they|them|their|these|those)\b/iu;

/**
 * Whether a question is a follow-up whose subject is in the conversation: a short one ("and how
 * do I make it fail?") or one that points back ("how many items does it hold?").
 */
export function isFollowUpQuestion(question: string): boolean {
  return contentWordsOf(question).length <= FOLLOW_UP_WORDS || REFERS_BACK.test(question);
}
