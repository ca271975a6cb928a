import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { healthConfig } from './health.config';
import { HealthController } from './health.controller';
import { ReadinessRegistry } from './readiness.registry';
import { ReadinessService } from './readiness.service';
import { RedisReadiness } from './redis.readiness';

@Global()
@Module({
  imports: [ConfigModule.forFeature(healthConfig)],
  controllers: [HealthController],
  providers: [ReadinessRegistry, ReadinessService, RedisReadiness],
  exports: [ReadinessRegistry, ReadinessService],
})
export class HealthModule {}
