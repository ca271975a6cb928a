import { Writable } from 'node:stream';
import { createPinoLogger } from './pino-logger.factory';
import { PinoNestLogger } from './pino-nest.logger';

function loggerAt(level: string) {
  const lines: Array<{ level: string; context?: string; msg: string }> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as (typeof lines)[number]);
      done();
    },
  });
  return { logger: new PinoNestLogger(createPinoLogger(level, sink)), lines };
}

describe('PinoNestLogger', () => {
  it("writes Nest's module and route narration at debug, other log() calls at info", () => {
    const { logger, lines } = loggerAt('debug');
    logger.log('ConfigModule dependencies initialized', 'InstanceLoader');
    logger.log('Mapped {/health, GET} route', 'RouterExplorer');
    logger.log('listening facts', 'Startup');
    expect(lines.map(({ level, context }) => [level, context])).toEqual([
      ['debug', 'InstanceLoader'],
      ['debug', 'RouterExplorer'],
      ['info', 'Startup'],
    ]);
  });

  it('leaves the narration out at info', () => {
    const { logger, lines } = loggerAt('info');
    logger.log('Starting Nest application...', 'NestFactory');
    logger.log('HealthController {/health}:', 'RoutesResolver');
    logger.log('Nest application successfully started', 'NestApplication');
    expect(lines).toEqual([]);
  });
});
