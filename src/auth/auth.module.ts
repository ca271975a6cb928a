import { HttpModule } from '@nestjs/axios';
import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { authConfigProvider, authSettings } from './auth.config';
import { AuthServiceClient } from './auth-service.client';
import { BearerAuthGuard } from './bearer-auth.guard';
import { TokenValidator } from './token-validator.service';

/** Bearer authentication through the auth service: BearerAuthGuard, which AppModule registers globally (@Public() opts out). */
@Module({
  imports: [HttpModule, ConfigModule.forFeature(authSettings)],
  providers: [authConfigProvider, AuthServiceClient, TokenValidator, BearerAuthGuard],
  exports: [TokenValidator, BearerAuthGuard],
})
export class AuthModule {}
