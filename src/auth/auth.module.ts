import { HttpModule } from '@nestjs/axios';
import { Global, Module } from '@nestjs/common';
import { TrustedCallers } from '../common/http/trusted-callers';
import { ConfigModule } from '@nestjs/config';
import { DiscoveryModule } from '@nestjs/core';
import { authConfigProvider, authSettings } from './auth.config';
import { AuthServiceClient } from './auth-service.client';
import { BearerAuthGuard } from './bearer-auth.guard';
import { FastifyRoutesExplorer } from './fastify-routes.explorer';
import { BearerTrustedCallers } from './bearer-trusted-callers';
import { LimitsModule } from '../limits/limits.module';
import { TokenValidator } from './token-validator.service';

/**
 * Bearer authentication through the auth service: BearerAuthGuard, which AppModule registers
 * globally (@Public() opts out); FastifyRoutesExplorer, which gives every controller route its
 * Fastify hooks (authentication before the body, the body policy) and serves @ServedByFastify
 * routes behind the global guards; and TrustedCallers, which public routes ask before showing
 * detail. Global, so the modules declaring such routes need not import it.
 */
@Global()
@Module({
  imports: [HttpModule, ConfigModule.forFeature(authSettings), LimitsModule, DiscoveryModule],
  providers: [
    authConfigProvider,
    AuthServiceClient,
    TokenValidator,
    BearerAuthGuard,
    FastifyRoutesExplorer,
    { provide: TrustedCallers, useClass: BearerTrustedCallers },
  ],
  exports: [TokenValidator, BearerAuthGuard, FastifyRoutesExplorer, TrustedCallers],
})
export class AuthModule {}
