import { ApiProperty } from '@nestjs/swagger';

export class SuggestionsResponseDto {
  @ApiProperty({
    type: [String],
    description: '3 to 5 follow-up questions, written by the chat model from the conversation.',
    example: [
      'What is SEARCH_CACHE_TTL_MS?',
      'How does Redis relate to meta-search results?',
      'Can you tell me more about replicas?',
    ],
  })
  readonly suggestions: string[];
}
