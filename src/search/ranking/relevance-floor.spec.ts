import {
  aboveFloor,
  MIN_COVERAGE,
  NOTHING_RELEVANT_BELOW,
  RELATIVE_TO_BEST,
} from './relevance-floor';

describe('aboveFloor', () => {
  it('keeps nothing when even the best candidate covers too little of the question', () => {
    const justBelow = NOTHING_RELEVANT_BELOW - 0.01;
    expect([...aboveFloor([justBelow, 0.05, 0])]).toEqual([]);
    // Trusted first results do not rescue a question nothing is about.
    expect([...aboveFloor([justBelow, 0.05], 2)]).toEqual([]);
  });

  it('keeps candidates covering a share of what the best covers, and at least MIN_COVERAGE', () => {
    const best = 0.8;
    const relative = RELATIVE_TO_BEST * best;
    expect([...aboveFloor([best, relative, relative - 0.01, 0])]).toEqual([0, 1]);
    const weakBest = 0.3;
    expect([...aboveFloor([weakBest, MIN_COVERAGE, MIN_COVERAGE - 0.01])]).toEqual([0, 1]);
  });

  it("keeps the backend's trusted first results that share any word with the question", () => {
    expect([...aboveFloor([0.02, 0, 0.9, 0.05], 2)].sort()).toEqual([0, 2]);
    expect([...aboveFloor([0.02, 0, 0.9, 0.05])]).toEqual([2]);
  });
});
