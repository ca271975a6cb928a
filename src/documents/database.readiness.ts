import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ReadinessRegistry } from '../health';
import type { LazyDatabase } from './storage/lazy.database';
import { SQL_DATABASE } from './storage/sql-database';

/** Readiness reports the documents database; without it the files and vector stores routes fail. */
@Injectable()
export class DatabaseReadiness implements OnModuleInit {
  constructor(
    @Inject(SQL_DATABASE) private readonly db: LazyDatabase,
    private readonly registry: ReadinessRegistry,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      name: 'database',
      check: async () => {
        // Not opened just to be checked: the embedded engine opens on the first documents request.
        if (this.db.engine === 'embedded' && !this.db.inUse) {
          return { up: true, details: { engine: this.db.engine, opened: false } };
        }
        try {
          await this.db.query('SELECT 1');
          return { up: true, details: { engine: this.db.engine } };
        } catch (error) {
          return {
            up: false,
            reason: `documents database: ${error instanceof Error ? error.message : String(error)}`,
            details: { engine: this.db.engine },
          };
        }
      },
    });
  }
}
