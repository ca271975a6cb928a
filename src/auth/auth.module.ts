import { HttpModule } from '@nestjs/axios';
import { Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { DiscoveryModule } from '@nestjs/core';
import { authConfigProvider, authSettings } from './auth.config';
import { AuthServiceClient } from './auth-service.client';
import { BearerAuthGuard } from './bearer-auth.guard';
import { FastifyRoutesExplorer } from './fastify-routes.explorer';
import { LimitsModule } from '../limits/limits.module';
import { TokenValidator } from './token-validator.service';

/**
 * Bearer authentication through the auth service: BearerAuthGuard, which AppModule registers
 * globally (@Public() opts out), and FastifyRoutesExplorer, which gives every controller route its
 * Fastify hooks (authentication before the body, the body policy) and serves @ServedByFastify
 * routes behind the global guards. Global, so the modules declaring such routes need not import it.
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
  ],
  exports: [TokenValidator, BearerAuthGuard, FastifyRoutesExplorer],
})
export class AuthModule {}
