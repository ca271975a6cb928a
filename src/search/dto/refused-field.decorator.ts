import { applyDecorators } from '@nestjs/common';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsRefused } from './model-ref.validator';

/** A deprecated Perplexica field that the service refuses with 400 whatever its value, documented as such. */
export function RefusedField(description: string): PropertyDecorator {
  return applyDecorators(ApiPropertyOptional({ deprecated: true, description }), IsRefused());
}
