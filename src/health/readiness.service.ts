import { Inject, Injectable } from '@nestjs/common';
import type { ConfigType } from '@nestjs/config';
import { healthConfig } from './health.config';
import type { ReadinessCheck, ReadinessResult } from './readiness-check';
import type { ReadinessEntry, ReadinessReport } from './readiness-report';
import { ReadinessRegistry } from './readiness.registry';

const CHECK_TIMEOUT_MS = 3000;

/**
 * Runs every registered check and reports them. One round of probes answers every poll for
 * READINESS_CACHE_MS, and polls during a round wait for it, so an orchestrator polling every
 * replica often does not turn into load on SearxNG, the auth service or Redis.
 */
@Injectable()
export class ReadinessService {
  private latest?: { readonly report: Promise<ReadinessReport>; at: number };

  constructor(
    private readonly registry: ReadinessRegistry,
    @Inject(healthConfig.KEY) private readonly config: ConfigType<typeof healthConfig>,
  ) {}

  report(): Promise<ReadinessReport> {
    const latest = this.latest;
    // `at` is set when a round ends; a round still running is shared.
    if (latest && (latest.at === 0 || Date.now() - latest.at < this.config.readinessCacheMs)) {
      return latest.report;
    }
    const round = { report: this.probeAll(), at: 0 };
    this.latest = round;
    void round.report.finally(() => (round.at = Date.now()));
    return round.report;
  }

  private async probeAll(): Promise<ReadinessReport> {
    const checks = this.registry.all();
    const results = await Promise.all(checks.map((check) => probe(check)));
    const details: Record<string, ReadinessEntry> = {};
    const info: Record<string, ReadinessEntry> = {};
    const error: Record<string, ReadinessEntry> = {};
    const groupUp = new Map<string, boolean>();
    checks.forEach((check, index) => {
      const result = results[index];
      const entry: ReadinessEntry = result.up
        ? { status: 'up', ...result.details }
        : { status: 'down', reason: result.reason ?? 'down', ...result.details };
      details[check.name] = entry;
      (result.up ? info : error)[check.name] = entry;
      if (check.requiredGroup !== undefined) {
        groupUp.set(check.requiredGroup, (groupUp.get(check.requiredGroup) ?? false) || result.up);
      }
    });
    const ready = [...groupUp.values()].every(Boolean);
    return { status: ready ? 'ok' : 'error', info, error, details };
  }
}

async function probe(check: ReadinessCheck): Promise<ReadinessResult> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    });
    return await Promise.race([check.check(), timeout]);
  } catch (error) {
    return { up: false, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
}
