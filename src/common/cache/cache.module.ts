import { Global, Module } from '@nestjs/common';
import { SharedCacheFactory } from './shared-cache.factory';

@Global()
@Module({ providers: [SharedCacheFactory], exports: [SharedCacheFactory] })
export class SharedCacheModule {}
