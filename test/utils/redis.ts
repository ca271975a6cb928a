/** Set by .ci/run after checking that Redis answers; tests that need a real Redis skip their Redis part without it. */
export const TEST_REDIS_URL = process.env.REDIS_URL;
