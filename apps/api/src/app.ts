import 'reflect-metadata';
import { type DynamicModule, Logger as NestLogger, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { type NextFunction, type Request, type Response } from 'express';
import { Logger } from 'nestjs-pino';
import { AppModule } from './app.module';
import { runInRequestContext } from './common/context/request-context';
import { assignRequestId, REQUEST_ID_HEADER, requestIdOf } from './common/context/request-id';
import { rejectDeepBodies } from './common/http/body-depth';
import { sendError } from './common/errors/all-exceptions.filter';
import { AppError } from './common/errors/app-error';
import { localeOf } from './common/i18n/locale';
import { indexRoutes } from './common/http/route-index';
import { HttpDrain } from './common/http/http-drain';
import { maintenanceMiddleware } from './common/maintenance/maintenance.middleware';
import { MaintenanceService } from './common/maintenance/maintenance.service';
import { createHttpLogger, createLogger } from './common/observability/logger';
import { metricsMiddleware } from './common/observability/metrics.middleware';
import { MetricsService } from './common/observability/metrics.service';
import { securityHeaders } from './common/security/security-headers';
import { spaHandlers } from './common/spa/spa';
import { PetitionLogService } from './modules/petitions/petition-log.service';
import { type AppConfig, configFromProcess, type RawEnv } from './config';
import { readRoutingMiddleware } from './common/http/read-routing.middleware';

export const API_PREFIX = 'api';
/** What a worker process (ROLE=worker) answers: health and metrics. */
const WORKER_PATHS = new Set([`/${API_PREFIX}/health`, `/${API_PREFIX}/health/live`, `/${API_PREFIX}/health/ready`, `/${API_PREFIX}/metrics`]);

export interface CreateAppOptions {
  /** Environment overrides on top of process.env (tests: database, switches). */
  env?: RawEnv;
  /** An already validated configuration (wins over `env`). */
  config?: AppConfig;
  /** Extra Nest modules mounted next to the feature modules (test probes). */
  imports?: (Type | DynamicModule)[];
}

/**
 * Builds and initialises the whole application (used by main.ts and the integration tests). The
 * order of the Express layers matters and is the request's path through the app:
 * request id + logging -> security headers -> metrics -> SPA files (outside /api) -> body parsers
 * -> nesting-depth guard -> request context -> maintenance switch -> (error handler for the above) -> Nest routes.
 */
export async function createApp(options: CreateAppOptions = {}): Promise<NestExpressApplication> {
  const config = options.config ?? configFromProcess(options.env);
  const logger = createLogger(config);
  const app = await NestFactory.create<NestExpressApplication>(
    AppModule.register({ config, logger, imports: options.imports }),
    { bufferLogs: true, bodyParser: false, abortOnError: false },
  );
  app.useLogger(app.get(Logger));
  app.flushLogs();
  app.enableShutdownHooks();
  app.disable('x-powered-by');
  app.set('trust proxy', config.trustProxy);
  app.set('query parser', 'extended');
  if (config.corsOrigins.length > 0) {
    app.enableCors({ origin: config.corsOrigins, credentials: true, exposedHeaders: [REQUEST_ID_HEADER] });
  }

  app.use(createHttpLogger(logger));
  app.use((req: Request, res: Response, next: NextFunction) => {
    assignRequestId(req, res);
    next();
  });
  // Graceful stop: calls in flight finish, keep-alive connections close (common/http/http-drain.ts).
  app.use(app.get(HttpDrain).middleware());
  app.use(securityHeaders({ hsts: config.isProduction }));
  app.use(metricsMiddleware(app.get(MetricsService)));
  // Read replicas: which reads of this request may go to one (database/replicas.ts).
  app.use(readRoutingMiddleware(config));

  if (config.role.servesHttp) {
    // The petition log's public key at a well-known address (docs/petitions.md), outside /api.
    const petitionLogKey = app.get(PetitionLogService).publicKeyPem;
    app.use('/.well-known/legenett-petition-log.pem', (_req: Request, res: Response) => {
      res.type('application/x-pem-file').send(petitionLogKey);
    });
    const spa = spaHandlers(config.webDistDir);
    if (spa) app.use(...spa);
    else NestLogger.warn(`No SPA build in ${config.webDistDir}; serving the API only`, 'App');
  } else {
    // ROLE=worker: health and metrics only; every other path is not found here.
    app.use((req: Request, res: Response, next: NextFunction) => {
      if (WORKER_PATHS.has(req.path)) next();
      else sendError(new AppError('ROUTE_NOT_FOUND'), req, res, new NestLogger('Errors'));
    });
  }

  app.useBodyParser('json', { limit: config.bodyLimit });
  app.useBodyParser('urlencoded', { limit: config.bodyLimit, extended: true });
  app.use(rejectDeepBodies());
  app.use((req: Request, _res: Response, next: NextFunction) => {
    runInRequestContext({ requestId: requestIdOf(req), locale: localeOf(req) }, next);
  });
  app.use(maintenanceMiddleware(app.get(MaintenanceService)));
  const errorLogger = new NestLogger('Errors');
  // Errors raised by the layers above (bad JSON, too large, maintenance) get the same shapes.
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => sendError(err, req, res, errorLogger));

  app.setGlobalPrefix(API_PREFIX);
  setUpOpenApi(app);
  await app.init();
  // Routes found by their first segment instead of one pattern after another (common/http/route-index.ts).
  const indexed = indexRoutes(app, `/${API_PREFIX}`);
  if ('skipped' in indexed) NestLogger.warn(`Route index not built (${indexed.skipped}): routes are matched one after another`, 'App');
  return app;
}

/** OpenAPI document at /api/docs-json, Swagger UI at /api/docs. */
function setUpOpenApi(app: NestExpressApplication): void {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Legenett API')
      .setDescription('The professional network for Norwegian doctors. Messages follow `X-localization: no|en`.')
      .setOpenAPIVersion('3.1.0')
      .setVersion('1')
      .addBearerAuth()
      .addGlobalParameters({
        name: 'X-localization',
        in: 'header',
        required: false,
        schema: { type: 'string', enum: ['no', 'en'], default: 'no' },
      })
      .build(),
  );
  SwaggerModule.setup('docs', app, document, {
    useGlobalPrefix: true,
    jsonDocumentUrl: 'docs-json',
    yamlDocumentUrl: 'docs-yaml',
  });
}
