import { Inject, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { TrustedCallers } from '../common/http/trusted-callers';
import { AUTH_CONFIG, type AuthConfig } from './auth.config';
import { TokenValidator } from './token-validator.service';

/**
 * Trusts a request that carries a bearer token the auth service accepts, or every request while
 * AUTH_REQUIRED is false (then every route is open anyway). Never refuses: a caller it does not
 * trust is answered with less, not with 401.
 */
@Injectable()
export class BearerTrustedCallers implements TrustedCallers {
  constructor(
    private readonly tokens: TokenValidator,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
  ) {}

  async isTrusted(request: FastifyRequest): Promise<boolean> {
    if (!this.config.required) return true;
    // A probe without a token is simply not trusted; it costs its address nothing.
    if (request.headers.authorization === undefined) return false;
    try {
      await this.tokens.authenticate(request.headers.authorization, request.ip);
      return true;
    } catch {
      return false;
    }
  }
}
