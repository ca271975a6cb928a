import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { SourceDto } from './search-response.dto';

/** First line of a streamed answer. */
export class StreamInitMessageDto {
  @ApiProperty({ enum: ['init'], example: 'init' })
  readonly type: 'init';

  @ApiProperty({ example: 'Stream connected' })
  readonly data: string;
}

/** Sent once: every source the answer cites, in citation order. */
export class StreamSourcesMessageDto {
  @ApiProperty({ enum: ['sources'], example: 'sources' })
  readonly type: 'sources';

  @ApiProperty({ type: [SourceDto] })
  readonly data: SourceDto[];
}

/** One chunk of the answer; the chunks in order make the whole answer. */
export class StreamResponseMessageDto {
  @ApiProperty({ enum: ['response'], example: 'response' })
  readonly type: 'response';

  @ApiProperty({ example: 'Results are cached ' })
  readonly data: string;
}

/** Last line; absent when the stream failed after it started. */
export class StreamDoneMessageDto {
  @ApiProperty({ enum: ['done'], example: 'done' })
  readonly type: 'done';
}

export const STREAM_MESSAGE_MODELS = [
  StreamInitMessageDto,
  StreamSourcesMessageDto,
  StreamResponseMessageDto,
  StreamDoneMessageDto,
];

/** The interface's StreamMessage: one of the four shapes, told apart by `type`. */
export const STREAM_MESSAGE_SCHEMA = {
  oneOf: STREAM_MESSAGE_MODELS.map((model) => ({ $ref: getSchemaPath(model) })),
  discriminator: {
    propertyName: 'type',
    mapping: {
      init: getSchemaPath(StreamInitMessageDto),
      sources: getSchemaPath(StreamSourcesMessageDto),
      response: getSchemaPath(StreamResponseMessageDto),
      done: getSchemaPath(StreamDoneMessageDto),
    },
  },
};
