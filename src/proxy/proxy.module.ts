import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { MovedRoutesController } from './moved-routes.controller';
import { proxyConfig } from './proxy.config';
import { ProxyController } from './proxy.controller';
import { SiblingProxyService } from './sibling-proxy.service';

/** Forwards the sibling-service paths (see sibling-routes.ts) with streamed bodies. */
@Module({
  imports: [ConfigModule.forFeature(proxyConfig)],
  controllers: [ProxyController, MovedRoutesController],
  providers: [SiblingProxyService],
})
export class ProxyModule {}
