import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { SQL_DATABASE, type SqlDatabase } from './storage/sql-database';

/** Closes the database last: after the ingestion queue has let its running jobs end. */
@Injectable()
export class DatabaseLifecycle implements OnApplicationShutdown {
  constructor(@Inject(SQL_DATABASE) private readonly db: SqlDatabase) {}

  async onApplicationShutdown(): Promise<void> {
    await this.db.close();
  }
}
