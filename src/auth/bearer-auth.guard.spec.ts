import type { ExecutionContext } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { HttpAdapterHost, Reflector } from '@nestjs/core';
import { Public } from '../common/decorators/public.decorator';
import { PublicRoutes } from '../common/decorators/public-routes';
import { StartupFacts } from '../common/logging/startup-facts';
import { AUTH_CONFIG, type AuthConfig } from './auth.config';
import { BearerAuthGuard } from './bearer-auth.guard';
import { bearerTokenOf } from './bearer-token';
import { TokenValidator } from './token-validator.service';

class Routes {
  guarded(): void {}

  @Public()
  open(): void {}

  configuredOpen(): void {}
}

function requestTo(handler: () => void, authorization?: string) {
  const request: { headers: Record<string, string>; ip: string; user?: unknown } = {
    headers: authorization ? { authorization } : {},
    ip: '203.0.113.7',
  };
  const context = {
    getType: () => 'http',
    getHandler: () => handler,
    getClass: () => Routes,
    switchToHttp: () => ({ getRequest: () => request }),
  } as unknown as ExecutionContext;
  return { context, request };
}

async function guardWith(required: boolean) {
  const validated: Array<{ authorization: string | undefined; address: string }> = [];
  const moduleRef = await Test.createTestingModule({
    providers: [
      BearerAuthGuard,
      Reflector,
      PublicRoutes,
      StartupFacts,
      { provide: HttpAdapterHost, useValue: {} },
      { provide: AUTH_CONFIG, useValue: {} },
      { provide: TokenValidator, useValue: {} },
    ],
  })
    .overrideProvider(AUTH_CONFIG)
    .useValue({
      required,
      timeoutMs: 1000,
      cacheTtlMs: 0,
      maxConcurrentValidations: 1,
    } satisfies AuthConfig)
    .overrideProvider(TokenValidator)
    .useValue({
      authenticate: (authorization: string | undefined, address: string) => {
        validated.push({ authorization, address });
        bearerTokenOf(authorization); // throws the 401 of a missing or malformed header, as the real one does
        return authorization === 'Bearer good'
          ? Promise.resolve({ id: 'u1' })
          : Promise.reject(new Error('no'));
      },
    })
    .compile();
  return {
    guard: moduleRef.get(BearerAuthGuard),
    publicRoutes: moduleRef.get(PublicRoutes),
    validated,
  };
}

describe('BearerAuthGuard', () => {
  it('with AUTH_REQUIRED off lets every request through without asking the auth service', async () => {
    const { guard, validated } = await guardWith(false);
    expect(guard.canActivate(requestTo(Routes.prototype.guarded).context)).toBe(true);
    expect(validated).toEqual([]);
  });

  it('with AUTH_REQUIRED on puts the validated caller on the request', async () => {
    const { guard, validated } = await guardWith(true);
    const { context, request } = requestTo(Routes.prototype.guarded, 'Bearer good');
    await expect(guard.canActivate(context)).resolves.toBe(true);
    expect(request.user).toEqual({ id: 'u1' });
    // The header as sent and the client address, which the validator's limit counts by.
    expect(validated).toEqual([{ authorization: 'Bearer good', address: '203.0.113.7' }]);
  });

  it("passes the validator's refusal on", async () => {
    const { guard } = await guardWith(true);
    await expect(
      guard.canActivate(requestTo(Routes.prototype.guarded, 'Bearer bad').context),
    ).rejects.toThrow('no');
  });

  it('skips @Public() handlers and handlers a module made public at start-up', async () => {
    const { guard, publicRoutes, validated } = await guardWith(true);
    publicRoutes.add(Routes.prototype.configuredOpen);
    expect(guard.canActivate(requestTo(Routes.prototype.open).context)).toBe(true);
    expect(guard.canActivate(requestTo(Routes.prototype.configuredOpen).context)).toBe(true);
    expect(validated).toEqual([]);
  });

  describe('beforeBody: the onRequest hook that authenticates before the body is read', () => {
    const run = (hook: NonNullable<ReturnType<BearerAuthGuard['beforeBody']>>, auth?: string) =>
      new Promise<{ error?: Error; user?: unknown }>((resolve) => {
        const { request } = requestTo(Routes.prototype.guarded, auth);
        void hook.call(undefined as never, request as never, {} as never, (error?: Error) =>
          resolve({ error, user: request.user }),
        );
      });

    it('is not built with AUTH_REQUIRED off', async () => {
      const { guard } = await guardWith(false);
      expect(guard.beforeBody(Routes, Routes.prototype.guarded)).toBeUndefined();
    });

    it('puts the caller on the request, refuses a missing token and passes a rejected one on', async () => {
      const { guard } = await guardWith(true);
      const hook = guard.beforeBody(Routes, Routes.prototype.guarded)!;
      await expect(run(hook, 'Bearer good')).resolves.toEqual({
        error: undefined,
        user: { id: 'u1' },
      });
      expect((await run(hook)).error).toMatchObject({ statusCode: 401 });
      expect((await run(hook, 'Bearer bad')).error).toMatchObject({ message: 'no' });
    });

    it('lets requests to public routes through, including one made public after start-up', async () => {
      const { guard, publicRoutes, validated } = await guardWith(true);
      // @Public() needs no hook at all.
      expect(guard.beforeBody(Routes, Routes.prototype.open)).toBeUndefined();
      // Built when the route is registered, before modules make routes public in onModuleInit.
      const configured = guard.beforeBody(Routes, Routes.prototype.configuredOpen)!;
      publicRoutes.add(Routes.prototype.configuredOpen);
      await expect(run(configured)).resolves.toEqual({ error: undefined, user: undefined });
      expect(validated).toEqual([]);
    });

    it('leaves the guard nothing to do once it has run', async () => {
      const { guard, validated } = await guardWith(true);
      const { context, request } = requestTo(Routes.prototype.guarded, 'Bearer good');
      request.user = { id: 'u1' };
      expect(guard.canActivate(context)).toBe(true);
      expect(validated).toEqual([]);
    });
  });
});
