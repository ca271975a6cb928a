import {
  ForbiddenException,
  Injectable,
  type CanActivate,
  type OnApplicationBootstrap,
  type Type,
} from '@nestjs/common';
import { PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, ModuleRef, Reflector } from '@nestjs/core';
import { FASTIFY_ROUTE_CONFIG_METADATA } from '@nestjs/platform-fastify/constants';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preParsingHookHandler,
  RouteOptions,
} from 'fastify';
import { isObservable, lastValueFrom } from 'rxjs';
import {
  SERVED_BY_FASTIFY_KEY,
  type ServedByFastifyOptions,
} from '../common/decorators/served-by-fastify.decorator';
import { streamBody } from '../common/http/body-choice';
import { refuseNonJsonBody, refuseNonJsonOrMultipartBody } from '../common/http/json-only-bodies';
import { MULTIPART_BODY_KEY } from '../common/decorators/multipart-body.decorator';
import { BearerAuthGuard } from './bearer-auth.guard';
import { GLOBAL_GUARDS } from './global-guards';
import { RouteExecutionContext } from './route-execution-context';

/** The controller method behind a Fastify route. */
interface RouteOwner {
  readonly controller: Type;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's handler type
  readonly handler: Function;
}

const ROUTE_OWNER_KEY = 'quarryRouteOwner';

type Hook<T> = T | T[] | undefined;

/**
 * Reads the controllers' route metadata once, at start-up (the way @nestjs/schedule's explorer
 * finds @Cron methods), and gives each route its Fastify hooks as Nest registers it, so nothing is
 * looked up per request:
 * - authentication in onRequest on every guarded route (AUTH_REQUIRED), so a request without a
 *   valid token gets its 401 before any body is read or parsed; BearerAuthGuard then finds the user;
 * - the body policy before parsing: JSON only, or the untouched stream (@ServedByFastify body 'stream');
 * - for @ServedByFastify routes, the plain handler, with a preHandler hook running the global guards
 *   in AppModule's order with the same controller and handler as Nest would, so rate limits and
 *   their errors are those of every other route. Errors reach the route's Fastify error handler,
 *   which answers in the error shape like Nest's exception filter.
 */
@Injectable()
export class FastifyRoutesExplorer implements OnApplicationBootstrap {
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's handler type
  private readonly controllers = new Map<Function, object>();
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- Nest's handler type
  private readonly unregistered = new Set<Function>();
  // AppModule's APP_GUARDs, the same instances, in its order; resolved at the first served route.
  private guards: readonly CanActivate[] | undefined;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly moduleRef: ModuleRef,
    private readonly auth: BearerAuthGuard,
  ) {}

  /**
   * Once, before app.init() registers the routes. Each route method is marked with its owner
   * twice, because Nest hands Fastify either: the route config (every method but @All) and the
   * handler's own metadata (@All, whose handler Nest passes on as it is unless its path has ':').
   */
  attach(fastify: FastifyInstance): void {
    for (const { instance, metatype } of this.discovery.getControllers()) {
      if (!instance || !metatype) continue;
      const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of this.scanner.getAllMethodNames(prototype)) {
        // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- a route method
        const handler = prototype[name] as Function;
        if (Reflect.getMetadata(PATH_METADATA, handler) === undefined) continue;
        const owner: RouteOwner = { controller: metatype as Type, handler };
        const config: unknown = Reflect.getMetadata(FASTIFY_ROUTE_CONFIG_METADATA, handler);
        Reflect.defineMetadata(
          FASTIFY_ROUTE_CONFIG_METADATA,
          { ...(config as object), [ROUTE_OWNER_KEY]: owner },
          handler,
        );
        Reflect.defineMetadata(ROUTE_OWNER_KEY, owner, handler);
        this.controllers.set(handler, instance as object);
        this.unregistered.add(handler);
      }
    }
    fastify.addHook('onRoute', (options) => this.equip(options));
  }

  /** A route the explorer could not recognise would go without its hooks: refuse to start. */
  onApplicationBootstrap(): void {
    if (this.unregistered.size === 0) return;
    const names = [...this.unregistered].map((handler) => handler.name).join(', ');
    throw new Error(
      `routes not recognised when Fastify registered them: ${names} (an @All route with a ':' parameter? declare it per method)`,
    );
  }

  private equip(options: RouteOptions): void {
    const owner = ((options.config as Record<string, unknown> | undefined)?.[ROUTE_OWNER_KEY] ??
      Reflect.getMetadata(ROUTE_OWNER_KEY, options.handler)) as RouteOwner | undefined;
    // Not a controller's route (Swagger UI's): Nest's guards never applied to it either.
    if (!owner) return;
    this.unregistered.delete(owner.handler);
    const served = this.reflector.get<ServedByFastifyOptions<object> | undefined>(
      SERVED_BY_FASTIFY_KEY,
      owner.handler,
    );
    // Fastify parses no body of a GET or HEAD: a policy there would only cost a call per request.
    if (readsBody(options.method)) {
      options.preParsing = withHook(options.preParsing, this.bodyPolicy(owner, served));
    }
    const authenticate = this.auth.beforeBody(owner.controller, owner.handler);
    if (authenticate) options.onRequest = withHook(options.onRequest, authenticate);
    if (served) {
      options.handler = served.handler(this.controllers.get(owner.handler)!, options.url);
      options.preHandler = this.guardHook(owner);
    }
  }

  private bodyPolicy(
    owner: RouteOwner,
    served: ServedByFastifyOptions<object> | undefined,
  ): preParsingHookHandler {
    if (served?.body === 'stream') return streamBody;
    return this.reflector.get<boolean | undefined>(MULTIPART_BODY_KEY, owner.handler)
      ? refuseNonJsonOrMultipartBody
      : refuseNonJsonBody;
  }

  private guardHook(
    owner: RouteOwner,
  ): (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => void {
    const guards = (this.guards ??= GLOBAL_GUARDS.map((token) =>
      this.moduleRef.get<CanActivate>(token, { strict: false }),
    ));
    return (request, reply, done) => {
      const context = new RouteExecutionContext(request, reply, owner.controller, owner.handler);
      const runFrom = (first: number): void => {
        for (let i = first; i < guards.length; i++) {
          let result: ReturnType<CanActivate['canActivate']>;
          try {
            result = guards[i].canActivate(context);
          } catch (error) {
            return done(error as Error);
          }
          if (result === true) continue;
          if (result === false) return done(new ForbiddenException('Forbidden resource'));
          // A guard that has to wait (an uncached token, the shared rate-limit store).
          void (isObservable(result) ? lastValueFrom(result) : Promise.resolve(result)).then(
            (allowed) =>
              allowed ? runFrom(i + 1) : done(new ForbiddenException('Forbidden resource')),
            done,
          );
          return;
        }
        done();
      };
      runFrom(0);
    };
  }
}

// The methods Fastify never parses a body for (its "bodyless" set).
const BODYLESS_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'TRACE']);

function readsBody(method: RouteOptions['method']): boolean {
  return typeof method === 'string'
    ? !BODYLESS_METHODS.has(method)
    : method.some((one) => !BODYLESS_METHODS.has(one));
}

/**
 * The route's hooks of one kind with one more at the end. A new array: Fastify copies the options
 * of a GET for its HEAD route before the onRoute hooks run, and an array pushed to would be shared.
 */
function withHook<T>(existing: Hook<T>, hook: T): T[] {
  if (existing === undefined) return [hook];
  return Array.isArray(existing) ? [...existing, hook] : [existing, hook];
}
