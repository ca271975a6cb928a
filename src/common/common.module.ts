import { Global, Module, ValidationPipe } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_FILTER, APP_PIPE } from '@nestjs/core';
import { SharedCacheModule } from './cache/cache.module';
import { serverConfig } from './config/app.config';
import { ListenAddressFact } from './config/listen-address.fact';
import { siblingsConfig } from './config/siblings.config';
import { PublicRoutes } from './decorators/public-routes';
import { ErrorPresenterRegistry } from './errors/error-presenter.registry';
import { AllExceptionsFilter } from './filters/all-exceptions.filter';
import { ErrorResponder } from './filters/error-responder';
import { StartupFactsModule } from './logging/startup-facts.module';
import { RedisModule } from './redis/redis.module';
import { RequestValidationError } from './validation/request-validation.error';

/**
 * Cross-cutting pieces every feature module relies on: config, validation, the error pipeline
 * (modules register their error presenters in ErrorPresenterRegistry), Redis, caches, and the
 * start-up facts (StartupFacts) every module adds its lines to.
 */
@Global()
@Module({
  imports: [
    StartupFactsModule,
    ConfigModule.forRoot({
      isGlobal: true,
      // main.ts loads .env into process.env; tests set process.env directly.
      ignoreEnvFile: true,
      load: [serverConfig, siblingsConfig],
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
        exceptionFactory: (errors) => RequestValidationError.fromErrors(errors),
      }),
    },
    ErrorPresenterRegistry,
    ErrorResponder,
    PublicRoutes,
    ListenAddressFact,
    { provide: APP_FILTER, useClass: AllExceptionsFilter },
  ],
  exports: [ErrorPresenterRegistry, ErrorResponder, PublicRoutes],
})
export class CommonModule {}
