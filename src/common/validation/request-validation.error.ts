import { BadRequestException } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { validationProblems, type ValidationProblem } from './validation-messages';

/**
 * A body the ValidationPipe refused (400). The messages are the body's `message`; each keeps the
 * field it is about, so an error shape that names a field (OpenAI's `param`) never parses text.
 */
export class RequestValidationError extends BadRequestException {
  readonly problems: readonly ValidationProblem[];

  constructor(problems: readonly ValidationProblem[]) {
    super(problems.map((problem) => problem.message));
    this.problems = problems;
  }

  static fromErrors(errors: readonly ValidationError[]): RequestValidationError {
    return new RequestValidationError(validationProblems(errors));
  }
}
