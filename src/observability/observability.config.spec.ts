import { ConfigValidationError } from '../common/config/config-validation.error';
import { validateEnv } from '../common/config/validate-env';
import { ObservabilityEnv } from './observability.config';

describe('validateEnv(ObservabilityEnv)', () => {
  it('samples the event-loop lag every 50 ms by default', () => {
    expect(validateEnv(ObservabilityEnv, {})).toMatchObject({
      METRICS_EVENT_LOOP_RESOLUTION_MS: 50,
    });
  });

  it('takes METRICS_EVENT_LOOP_RESOLUTION_MS in milliseconds', () => {
    expect(
      validateEnv(ObservabilityEnv, { METRICS_EVENT_LOOP_RESOLUTION_MS: '100' }),
    ).toMatchObject({ METRICS_EVENT_LOOP_RESOLUTION_MS: 100 });
  });

  it.each(['0', '2.5', 'soon', '60001'])(
    'rejects METRICS_EVENT_LOOP_RESOLUTION_MS=%s naming the variable',
    (value) => {
      const run = () => validateEnv(ObservabilityEnv, { METRICS_EVENT_LOOP_RESOLUTION_MS: value });
      expect(run).toThrow(ConfigValidationError);
      expect(run).toThrow(/METRICS_EVENT_LOOP_RESOLUTION_MS/);
    },
  );
});
