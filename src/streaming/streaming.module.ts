import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NdjsonStreamEmitter } from './ndjson-stream.emitter';
import { streamingConfig } from './streaming.config';

@Module({
  imports: [ConfigModule.forFeature(streamingConfig)],
  providers: [NdjsonStreamEmitter],
  exports: [NdjsonStreamEmitter],
})
export class StreamingModule {}
