import { QuarryError } from '../../common/errors/quarry.error';

/** A filter value a client sent that cannot be used (400); names the field as the client spelled it. */
export class InvalidSearchFilterError extends QuarryError {
  constructor(
    readonly param: string,
    detail: string,
  ) {
    super(`${param}: ${detail}`, 400);
  }
}
