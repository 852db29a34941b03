import { Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { flushLogs } from './logger';
import { MetricsService } from './metrics.service';

@Global()
@Module({ providers: [MetricsService], exports: [MetricsService] })
export class ObservabilityModule implements OnApplicationShutdown {
  /**
   * The log destination buffers; a SIGTERM ends the process by the signal (no `exit` event), so the
   * last lines are written here, after the other shutdown hooks logged theirs.
   */
  onApplicationShutdown(): void {
    flushLogs();
  }
}
