import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { APP_GUARD } from '@nestjs/core';
import { authConfigProvider, authSettings } from './auth.config';
import { AuthServiceClient } from './auth-service.client';
import { BearerAuthGuard } from './bearer-auth.guard';
import { TokenValidator } from './token-validator.service';

/** Bearer authentication through the auth service, as a global guard with a @Public() opt-out. */
@Module({
  imports: [HttpModule, ConfigModule.forFeature(authSettings)],
  providers: [
    authConfigProvider,
    AuthServiceClient,
    TokenValidator,
    BearerAuthGuard,
    { provide: APP_GUARD, useExisting: BearerAuthGuard },
  ],
  exports: [TokenValidator],
})
export class AuthModule {}
