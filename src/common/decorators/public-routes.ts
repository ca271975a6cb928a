import { Injectable } from '@nestjs/common';

/**
 * Handlers a module makes public at start-up because a setting says so (GET /metrics when it
 * answers without a token), for routes whose @Public() depends on configuration. Per application,
 * so test apps with other settings in the same process do not share it.
 */
@Injectable()
export class PublicRoutes {
  private readonly handlers = new WeakSet<object>();

  add(handler: object): void {
    this.handlers.add(handler);
  }

  has(handler: object): boolean {
    return this.handlers.has(handler);
  }
}
