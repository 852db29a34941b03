import { Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { REPLICA_METRICS } from '../../database/database.tokens';
import { flushLogs } from './logger';
import { MetricsService } from './metrics.service';

@Global()
// The database layer counts its replica reads in these metrics through its own token, so that it
// need not import common/ (which imports it).
@Module({ providers: [MetricsService, { provide: REPLICA_METRICS, useExisting: MetricsService }], exports: [MetricsService, REPLICA_METRICS] })
export class ObservabilityModule implements OnApplicationShutdown {
  /**
   * The log destination buffers; a SIGTERM ends the process by the signal (no `exit` event), so the
   * last lines are written here, after the other shutdown hooks logged theirs.
   */
  onApplicationShutdown(): void {
    flushLogs();
  }
}
