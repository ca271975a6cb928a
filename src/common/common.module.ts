import { BadRequestException, Global, Module, ValidationPipe } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { SharedCacheModule } from './cache/cache.module';
import { infraConfig, serverConfig, siblingsConfig } from './config/app.config';
import { AllExceptionsFilter } from './filters/all-exceptions.filter';
import { RedisModule } from './redis/redis.module';
import { validationMessages } from './validation/validation-messages';

/** Cross-cutting pieces every feature module relies on: config, validation, the error filter, Redis, caches. */
@Global()
@Module({
  imports: [
    ConfigModule.forRoot({
      isGlobal: true,
      // main.ts loads .env into process.env; tests set process.env directly.
      ignoreEnvFile: true,
      load: [serverConfig, siblingsConfig, infraConfig],
    }),
    RedisModule,
    SharedCacheModule,
  ],
  providers: [
    {
      provide: APP_PIPE,
      // whitelist strips unknown fields instead of rejecting them: older clients send extras.
      useValue: new ValidationPipe({
        whitelist: true,
        transform: true,
        exceptionFactory: (errors) => new BadRequestException(validationMessages(errors)),
      }),
    },
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
})
export class CommonModule {}
