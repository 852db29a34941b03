import { Controller, Get, Header, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import { type Health, type Liveness, type Readiness, systemEndpoints } from '@legenett/contracts';
import { type Response } from 'express';
import { Public } from '../../common/auth/access.decorator';
import { Route } from '../../common/http';
import { MetricsService } from '../../common/observability/metrics.service';
import { HealthService } from './health.service';

@Controller()
export class SystemController {
  constructor(
    private readonly health: HealthService,
    private readonly metrics: MetricsService,
  ) {}

  /** 200 while PostgreSQL answers (`degraded` when Redis does not: the API keeps serving), 503 (same body) when it does not. */
  @Route(systemEndpoints.health)
  @Header('Cache-Control', 'no-store')
  async healthCheck(@Res({ passthrough: true }) res: Response): Promise<Health> {
    const health = await this.health.check();
    if (health.status === 'error') res.status(503);
    return health;
  }

  /** Liveness for an orchestrator: 200 while the process answers. */
  @Route(systemEndpoints.live)
  @Header('Cache-Control', 'no-store')
  live(): Liveness {
    return this.health.live();
  }

  /** Readiness for a proxy or orchestrator: 503 while draining or without PostgreSQL. */
  @Route(systemEndpoints.ready)
  @Header('Cache-Control', 'no-store')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Readiness> {
    const readiness = await this.health.ready();
    if (!readiness.ready) res.status(503);
    return readiness;
  }

  /** Prometheus text format (not part of the public API document). */
  @Get('metrics')
  @Public()
  @ApiExcludeEndpoint()
  @Header('Cache-Control', 'no-store')
  async prometheus(@Res({ passthrough: true }) res: Response): Promise<string> {
    res.type(this.metrics.contentType);
    return this.metrics.render();
  }
}
