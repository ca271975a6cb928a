import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { CONNECTORS } from './connector';
import { ConnectorConcurrencyInterceptor } from './connector-concurrency.interceptor';
import { ConnectorRegistry } from './connector.registry';
import { ConnectorsController } from './connectors.controller';
import {
  WEBHOOK_DNS_LOOKUP,
  WebhookHttpClient,
  systemDnsLookup,
} from './webhook/webhook-http.client';
import { webhookConfig } from './webhook/webhook.config';
import { WebhookConnector } from './webhook/webhook.connector';

@Module({
  imports: [ConfigModule.forFeature(webhookConfig)],
  controllers: [ConnectorsController],
  providers: [
    { provide: WEBHOOK_DNS_LOOKUP, useValue: systemDnsLookup },
    WebhookHttpClient,
    WebhookConnector,
    // Every connector the service offers; a new one is added here.
    {
      provide: CONNECTORS,
      useFactory: (webhook: WebhookConnector) => [webhook],
      inject: [WebhookConnector],
    },
    ConnectorRegistry,
    ConnectorConcurrencyInterceptor,
  ],
  exports: [ConnectorRegistry, WebhookConnector],
})
export class ConnectorsModule {}
