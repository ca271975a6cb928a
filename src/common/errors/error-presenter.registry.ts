import { Injectable } from '@nestjs/common';
import type { ErrorPresenter } from './error-presenter';

/** The presenters modules register for their routes; a URL none claims gets the service's ErrorBody. */
@Injectable()
export class ErrorPresenterRegistry {
  private readonly presenters: ErrorPresenter[] = [];

  register(presenter: ErrorPresenter): void {
    this.presenters.push(presenter);
  }

  for(url: string): ErrorPresenter | undefined {
    return this.presenters.find((presenter) => presenter.appliesTo(url));
  }
}
