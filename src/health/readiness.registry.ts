import { Injectable } from '@nestjs/common';
import type { ReadinessCheck } from './readiness-check';

/** Collects the readiness checks of every module, so /health/ready has one entry per configured dependency. */
@Injectable()
export class ReadinessRegistry {
  private readonly checks = new Map<string, ReadinessCheck>();

  register(check: ReadinessCheck): void {
    this.checks.set(check.name, check);
  }

  all(): ReadinessCheck[] {
    return [...this.checks.values()];
  }
}
