import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { proxyConfig } from './proxy.config';
import { ProxyController } from './proxy.controller';
import { SiblingProxyService } from './sibling-proxy.service';

/** Forwards the sibling-service paths (see sibling-routes.ts) with streamed bodies. */
@Module({
  imports: [ConfigModule.forFeature(proxyConfig)],
  controllers: [ProxyController],
  providers: [SiblingProxyService],
})
export class ProxyModule {}
