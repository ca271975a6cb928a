import { QuarryError } from '../common/errors/quarry.error';

/** A request field breaks a configured limit (query length, history turns): 400 naming the field. */
export class SearchRequestInvalidError extends QuarryError {
  constructor(message: string) {
    super(message, 400);
  }
}
