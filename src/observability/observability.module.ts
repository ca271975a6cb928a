import {
  Global,
  Inject,
  Module,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ConfigModule, type ConfigType } from '@nestjs/config';
import { HttpAdapterHost } from '@nestjs/core';
import type { FastifyInstance } from 'fastify';
import { serverConfig } from '../common/config/app.config';
import { PublicRoutes } from '../common/decorators/public-routes';
import { StartupFacts } from '../common/logging/startup-facts';
import { ReadinessService } from '../health';
import { MODEL_CALL_OBSERVER } from '../providers';
import { registerHttpMetricsHook } from './metrics/http-metrics.hook';
import { MetricsAccessGuard } from './metrics/metrics-access.guard';
import { MetricsController } from './metrics/metrics.controller';
import { MetricsPortServer } from './metrics/metrics-port.server';
import { QUARRY_METRICS, QuarryMetrics } from './metrics/quarry-metrics';
import { ObservedModels } from './models/observed-models';
import { observabilityConfig } from './observability.config';
import { observabilityFacts } from './observability-startup.facts';
import { registerRouteSpanHook } from './tracing/route-span.hook';
import { isTracingOn } from '../common/tracing/tracing-state';

/**
 * Prometheus metrics (GET /metrics, or METRICS_PORT) and the request-level part of tracing. Global:
 * features inject QUARRY_METRICS (null when metrics are off) and record at their own hook points.
 * The OpenTelemetry SDK itself is started before Nest, by tracing.bootstrap.ts.
 */
@Global()
@Module({
  imports: [ConfigModule.forFeature(observabilityConfig)],
  controllers: [MetricsController],
  providers: [
    {
      provide: QUARRY_METRICS,
      inject: [observabilityConfig.KEY],
      useFactory: (config: ConfigType<typeof observabilityConfig>) =>
        config.metricsEnabled ? new QuarryMetrics(config.eventLoopResolutionMs) : null,
    },
    {
      provide: MODEL_CALL_OBSERVER,
      inject: [QUARRY_METRICS],
      useFactory: (metrics: QuarryMetrics | null) => {
        const observer = new ObservedModels(metrics);
        return observer.active ? observer : null;
      },
    },
    MetricsAccessGuard,
  ],
  exports: [QUARRY_METRICS, MODEL_CALL_OBSERVER],
})
export class ObservabilityModule implements OnModuleInit, OnApplicationShutdown {
  private portServer?: MetricsPortServer;

  constructor(
    @Inject(QUARRY_METRICS) private readonly metrics: QuarryMetrics | null,
    @Inject(observabilityConfig.KEY)
    private readonly config: ConfigType<typeof observabilityConfig>,
    @Inject(serverConfig.KEY) private readonly server: ConfigType<typeof serverConfig>,
    private readonly adapterHost: HttpAdapterHost,
    private readonly publicRoutes: PublicRoutes,
    private readonly facts: StartupFacts,
    private readonly readiness: ReadinessService,
  ) {}

  async onModuleInit(): Promise<void> {
    this.facts.add(() => observabilityFacts(this.config));
    // Without a token: the 404s of metrics off or on METRICS_PORT, and METRICS_PUBLIC=true.
    const { metricsEnabled, metricsPort, metricsPublic } = this.config;
    if (!metricsEnabled || metricsPort !== undefined || metricsPublic) {
      this.publicRoutes.add(MetricsController.prototype.scrape);
    }
    const fastify = this.adapterHost.httpAdapter?.getInstance<FastifyInstance>();
    if (fastify && this.metrics) registerHttpMetricsHook(fastify, this.metrics);
    if (fastify && isTracingOn()) registerRouteSpanHook(fastify);
    if (this.metrics && this.config.metricsPort !== undefined) {
      this.portServer = new MetricsPortServer(this.metrics, () => this.readiness.report());
      await this.portServer.listen(this.config.metricsPort, this.server.host);
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await this.portServer?.close();
  }
}
