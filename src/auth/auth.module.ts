import { HttpModule } from '@nestjs/axios';
import { Global, Module } from '@nestjs/common';
import { FastifyServedRoutes } from '../common/http/fastify-served-routes';
import { TrustedCallers } from '../common/http/trusted-callers';
import { ConfigModule } from '@nestjs/config';
import { authConfigProvider, authSettings } from './auth.config';
import { AuthServiceClient } from './auth-service.client';
import { BearerAuthGuard } from './bearer-auth.guard';
import { BearerTrustedCallers } from './bearer-trusted-callers';
import { GuardedFastifyRoutes } from './guarded-fastify-routes';
import { LimitsModule } from '../limits/limits.module';
import { TokenValidator } from './token-validator.service';

/**
 * Bearer authentication through the auth service: BearerAuthGuard, which AppModule registers
 * globally (@Public() opts out); FastifyServedRoutes, which runs the global guards for routes
 * served outside Nest's pipeline; and TrustedCallers, which public routes ask before showing detail.
 * Global, so the modules serving such routes need not import it.
 */
@Global()
@Module({
  imports: [HttpModule, ConfigModule.forFeature(authSettings), LimitsModule],
  providers: [
    authConfigProvider,
    AuthServiceClient,
    TokenValidator,
    BearerAuthGuard,
    GuardedFastifyRoutes,
    { provide: FastifyServedRoutes, useExisting: GuardedFastifyRoutes },
    { provide: TrustedCallers, useClass: BearerTrustedCallers },
  ],
  exports: [TokenValidator, BearerAuthGuard, FastifyServedRoutes, TrustedCallers],
})
export class AuthModule {}
