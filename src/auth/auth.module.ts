import { HttpModule } from '@nestjs/axios';
import { Global, Module } from '@nestjs/common';
import { FastifyServedRoutes } from '../common/http/fastify-served-routes';
import { ConfigModule } from '@nestjs/config';
import { authConfigProvider, authSettings } from './auth.config';
import { AuthServiceClient } from './auth-service.client';
import { BearerAuthGuard } from './bearer-auth.guard';
import { GuardedFastifyRoutes } from './guarded-fastify-routes';
import { LimitsModule } from '../limits/limits.module';
import { TokenValidator } from './token-validator.service';

/**
 * Bearer authentication through the auth service: BearerAuthGuard, which AppModule registers
 * globally (@Public() opts out), and FastifyServedRoutes, which runs the global guards for routes
 * served outside Nest's pipeline. Global, so the modules serving such routes need not import it.
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
  ],
  exports: [TokenValidator, BearerAuthGuard, FastifyServedRoutes],
})
export class AuthModule {}
