import { Module } from '@nestjs/common';
import { NdjsonStreamEmitter } from './ndjson-stream.emitter';

@Module({ providers: [NdjsonStreamEmitter], exports: [NdjsonStreamEmitter] })
export class StreamingModule {}
