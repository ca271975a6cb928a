import { Global, Module } from '@nestjs/common';
import { StartupFacts } from './startup-facts';

/** Global, so that every module (Redis's and the config's too) can add its start-up facts. */
@Global()
@Module({ providers: [StartupFacts], exports: [StartupFacts] })
export class StartupFactsModule {}
