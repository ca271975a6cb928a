import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { infoFact, StartupFacts } from '../logging/startup-facts';
import { serverConfig, type ServerConfig } from './app.config';

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|localhost)$/;

/** Says, beside Fastify's "listening at" lines, who can reach the service and how to change it. */
@Injectable()
export class ListenAddressFact implements OnModuleInit {
  constructor(
    @Inject(serverConfig.KEY) private readonly server: ServerConfig,
    private readonly facts: StartupFacts,
  ) {}

  onModuleInit(): void {
    const { host, hostDefaulted } = this.server;
    if (!LOOPBACK.test(host)) return;
    const why = hostDefaulted ? `HOST is unset: ${host} outside production` : `HOST=${host}`;
    this.facts.add(() =>
      infoFact(
        `reachable from this machine only (${why}); set HOST=0.0.0.0 to accept connections from other machines`,
      ),
    );
  }
}
