import { Injectable, Logger } from '@nestjs/common';

/** One line a person reads at start-up: how this instance runs, or what is off and why. */
export interface StartupFact {
  /** warn: something a person would likely want on is off (and the line says how to turn it on). */
  readonly level: 'info' | 'warn';
  readonly text: string;
}

/** Computes facts when they are printed, after every module has initialised (providers listed). */
type FactSource = () => StartupFact | readonly StartupFact[] | undefined;

/**
 * Collects what each module wants a person to know once the service listens, printed one line per
 * fact in place of Nest's module and route list (which is at debug). Modules add their sources
 * while initialising; main.ts prints them after listen().
 */
@Injectable()
export class StartupFacts {
  private readonly sources: FactSource[] = [];

  add(source: FactSource): void {
    this.sources.push(source);
  }

  all(): StartupFact[] {
    return this.sources.flatMap((source) => {
      const facts = source();
      if (facts === undefined) return [];
      return Array.isArray(facts) ? facts : [facts as StartupFact];
    });
  }

  print(logger: Pick<Logger, 'log' | 'warn'> = new Logger('Startup')): void {
    for (const fact of this.all()) {
      if (fact.level === 'warn') logger.warn(fact.text);
      else logger.log(fact.text);
    }
  }
}

export const infoFact = (text: string): StartupFact => ({ level: 'info', text });
export const warnFact = (text: string): StartupFact => ({ level: 'warn', text });
