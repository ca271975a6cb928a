import * as http from 'node:http';
import * as https from 'node:https';
import { HttpService } from '@nestjs/axios';
import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnModuleDestroy,
  type OnModuleInit,
} from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { firstValueFrom } from 'rxjs';
import { siblingsConfig } from '../common/config/siblings.config';
import { KEEP_ALIVE_AGENT_OPTIONS } from '../common/http/keep-alive-agent-options';
import { ReadinessRegistry, type ReadinessResult } from '../health';
import { QUARRY_METRICS, type QuarryMetrics } from '../observability';
import {
  AuthServiceBusyError,
  AuthServiceUnavailableError,
  UnauthenticatedError,
} from './auth.errors';
import { AUTH_CONFIG, type AuthConfig } from './auth.config';
import { ValidationSlots } from './validation-slots';

// A profile is small; a larger reply means something other than the auth service answered.
const MAX_PROFILE_BYTES = 1024 * 1024;

const MAX_STALE_CONNECTION_RETRIES = 3;

/** A kept-alive connection the server closed while it sat idle: the request never reached it. */
function isStaleConnection(error: unknown): boolean {
  const { code, request } = error as { code?: string; request?: { reusedSocket?: boolean } };
  return request?.reusedSocket === true && (code === 'ECONNRESET' || code === 'EPIPE');
}

/** The auth service's bearer validation: GET {AUTH_SERVICE_URL}/api/auth/me. Nothing else knows the URL. */
@Injectable()
export class AuthServiceClient implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger('AuthService');
  private readonly meUrl: string;
  // Its own keep-alive agents rather than Node's global ones, which anything in the process may change.
  private readonly httpAgent = new http.Agent(KEEP_ALIVE_AGENT_OPTIONS);
  private readonly httpsAgent = new https.Agent(KEEP_ALIVE_AGENT_OPTIONS);
  // Token validations only: a flood of distinct tokens must not open a connection each.
  private readonly slots: ValidationSlots;

  constructor(
    private readonly http: HttpService,
    @Inject(siblingsConfig.KEY) siblings: ConfigType<typeof siblingsConfig>,
    @Inject(AUTH_CONFIG) private readonly config: AuthConfig,
    private readonly readiness: ReadinessRegistry,
    @Optional() @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null = null,
  ) {
    this.meUrl = `${siblings.urls.auth.replace(/\/+$/, '')}/api/auth/me`;
    this.slots = new ValidationSlots(config.maxConcurrentValidations);
  }

  onModuleInit(): void {
    // Only a dependency while tokens are required; then nothing protected can be served without it.
    if (!this.config.required) return;
    this.readiness.register({
      name: 'auth-service',
      requiredGroup: 'auth-service',
      check: () => this.probe(),
    });
  }

  /**
   * Readiness: the validation call without a token, through the same agents. The auth service
   * answers it with 401 (or 403); anything else (5xx, no answer, a redirect) is not an auth service
   * that can validate tokens.
   */
  async probe(): Promise<ReadinessResult> {
    const address = new URL(this.meUrl).origin;
    try {
      const response = await this.getMe({});
      if (response.status === 401 || response.status === 403)
        return { up: true, details: { address } };
      return {
        up: false,
        reason: `GET /api/auth/me without a token answered HTTP ${response.status}, not 401`,
        details: { address },
      };
    } catch (error) {
      const code = (error as { code?: string }).code ?? (error as Error).message;
      return { up: false, reason: `unreachable: ${code}`, details: { address } };
    }
  }

  /**
   * GET /api/auth/me on the client's own agents; every status is an answer for the caller to read.
   * A GET that died on a reused connection the server had closed is sent again (it is idempotent
   * and never reached the server), so a keep-alive race is not a 503; the agent drops the dead
   * connection, and a few tries get past any other idle ones that died with it.
   */
  private async getMe(headers: Record<string, string>) {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.sendGetMe(headers);
      } catch (error) {
        if (attempt > MAX_STALE_CONNECTION_RETRIES || !isStaleConnection(error)) throw error;
      }
    }
  }

  private sendGetMe(headers: Record<string, string>) {
    return firstValueFrom(
      this.http.get<unknown>(this.meUrl, {
        headers: { ...headers, accept: 'application/json' },
        timeout: this.config.timeoutMs,
        signal: AbortSignal.timeout(this.config.timeoutMs),
        maxRedirects: 0,
        maxContentLength: MAX_PROFILE_BYTES,
        validateStatus: () => true,
        httpAgent: this.httpAgent,
        httpsAgent: this.httpsAgent,
      }),
    );
  }

  onModuleDestroy(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /**
   * The profile of the token's owner. Throws UnauthenticatedError when the auth service rejects the
   * token (401/403), AuthServiceUnavailableError for anything that is not an answer about it and
   * AuthServiceBusyError when AUTH_MAX_CONCURRENT_VALIDATIONS calls run and as many wait.
   */
  async me(token: string): Promise<Record<string, unknown>> {
    let response;
    try {
      response = await this.slots.run(() => this.getMe({ authorization: `Bearer ${token}` }));
    } catch (error) {
      if (error instanceof AuthServiceBusyError) throw error;
      const code = (error as { code?: string }).code ?? (error as Error).message;
      this.logger.warn(`auth service call failed: ${code}`);
      this.metrics?.auth.serviceCall('unavailable');
      throw new AuthServiceUnavailableError();
    }
    if (response.status === 401 || response.status === 403) {
      this.metrics?.auth.serviceCall('rejected');
      throw UnauthenticatedError.rejected();
    }
    const profile: unknown = response.data;
    if (
      response.status < 200 ||
      response.status >= 300 ||
      typeof profile !== 'object' ||
      profile === null ||
      Array.isArray(profile)
    ) {
      this.logger.warn(`auth service answered ${response.status} without a usable profile`);
      this.metrics?.auth.serviceCall('unavailable');
      throw new AuthServiceUnavailableError();
    }
    this.metrics?.auth.serviceCall('valid');
    return profile as Record<string, unknown>;
  }
}
