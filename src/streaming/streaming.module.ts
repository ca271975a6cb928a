import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NdjsonStreamEmitter } from './ndjson-stream.emitter';
import { ObservableBodyWriter } from './observable-body.writer';
import { streamingConfig } from './streaming.config';

@Module({
  imports: [ConfigModule.forFeature(streamingConfig)],
  providers: [ObservableBodyWriter, NdjsonStreamEmitter],
  exports: [ObservableBodyWriter, NdjsonStreamEmitter],
})
export class StreamingModule {}
