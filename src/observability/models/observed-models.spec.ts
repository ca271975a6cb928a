import { lastValueFrom, of, toArray } from 'rxjs';
import type { ChatModel } from '../../providers';
import { QuarryMetrics } from '../metrics/quarry-metrics';
import { ObservedModels } from './observed-models';

function chatModel(extractiveOnly?: boolean): ChatModel {
  return {
    providerId: 'p',
    providerName: 'Provider',
    key: 'm',
    ...(extractiveOnly ? { extractiveOnly } : {}),
    stream: () => of({ text: 'a' }, { text: 'b' }),
    complete: () => Promise.resolve({ text: 'ab' }),
  };
}

describe('ObservedModels', () => {
  const observed = new ObservedModels(new QuarryMetrics());

  it('keeps what the model can do: an extractive model stays extractive once wrapped', () => {
    expect(observed.chat(chatModel(true)).extractiveOnly).toBe(true);
    expect(observed.chat(chatModel()).extractiveOnly).toBeUndefined();
  });

  it('passes every chunk through and counts the call', async () => {
    const metrics = new QuarryMetrics();
    const model = new ObservedModels(metrics).chat(chatModel());
    expect(await lastValueFrom(model.stream([]).pipe(toArray()))).toEqual([
      { text: 'a' },
      { text: 'b' },
    ]);
    const { body } = await metrics.render();
    expect(body).toContain(
      'quarry_model_calls_total{provider="Provider",model="m",kind="chat",outcome="ok"} 1',
    );
  });
});
