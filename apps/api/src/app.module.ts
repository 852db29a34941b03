import { PubSubModule } from './common/pubsub';
import { type DynamicModule, Module, RequestMethod, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { type Logger } from 'pino';
import { AccountDataModule } from './common/account-data';
import { AccessModule } from './common/access';
import { AuthModule } from './common/auth/auth.module';
import { AllExceptionsFilter } from './common/errors/all-exceptions.filter';
import { HttpDrainModule } from './common/http/http-drain';
import { MaintenanceModule } from './common/maintenance/maintenance.module';
import { ObservabilityModule } from './common/observability/observability.module';
import { type AppConfig, ConfigModule } from './config';
import { ListsModule } from './common/lists';
import { DatabaseModule } from './database/database.module';
import { RedisModule } from './database/redis.module';
import { AdminModule } from './modules/admin/admin.module';
import { AuthenticationModule } from './modules/auth/authentication.module';
import { UsersModule } from './modules/users/users.module';
import { ReferenceModule } from './modules/reference/reference.module';
import { SystemModule } from './modules/system/system.module';
import { StorageModule } from './common/storage/storage.module';
import { FilesModule } from './common/files/files.module';
import { ProfessionalModule } from './modules/professional/professional.module';
import { ProfileModule } from './modules/profile/profile.module';
import { QueueModule } from './common/queue';
import { OutboxModule } from './common/outbox';
import { MarketplaceModule } from './modules/marketplace/marketplace.module';
import { MailModule } from './common/mail';
import { RegistrationModule } from './modules/registration/registration.module';
import { JobsModule } from './modules/jobs/jobs.module';
import { MediaModule } from './modules/media/media.module';
import { NotificationsModule } from './modules/notifications/notifications.module';
import { NetworkModule } from './modules/network/network.module';
import { CompaniesModule } from './modules/companies/companies.module';
import { PostsModule } from './modules/posts/posts.module';
import { MessagesModule } from './modules/messages/messages.module';
import { HousekeepingModule } from './modules/housekeeping/housekeeping.module';
import { GuardSweepModule } from './modules/guard-sweep/guard-sweep.module';
import { CoursesModule } from './modules/courses/courses.module';
import { PetitionsModule } from './modules/petitions/petitions.module';
import { SearchModule } from './modules/search/search.module';
import { AlertsModule } from './modules/alerts/alerts.module';
import { MentionsModule } from './modules/mentions/mentions.module';

/** Feature modules, one per area (src/modules/<area>). */
const FEATURE_MODULES: Type[] = [
  SystemModule,
  ReferenceModule,
  UsersModule,
  AuthenticationModule,
  AdminModule,
  StorageModule,
  FilesModule,
  ProfessionalModule,
  NetworkModule,
  ProfileModule,
  QueueModule,
  OutboxModule,
  MailModule,
  RegistrationModule,
  MarketplaceModule,
  JobsModule,
  MediaModule,
  NotificationsModule,
  CompaniesModule,
  PostsModule,
  MessagesModule,
  HousekeepingModule,
  GuardSweepModule,
  CoursesModule,
  PetitionsModule,
  SearchModule,
  AlertsModule,
  MentionsModule,
];

export interface AppModuleOptions {
  config: AppConfig;
  logger: Logger;
  /** Extra modules (tests mount probe controllers this way). */
  imports?: (Type | DynamicModule)[];
}

@Module({})
export class AppModule {
  static register({ config, logger, imports = [] }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        // pino-http itself runs first of all as Express middleware (app.ts); this binds its
        // per-request logger to Nest's context so `Logger` calls carry the request id.
        LoggerModule.forRoot({
          pinoHttp: { logger },
          useExisting: true,
          forRoutes: [{ path: '{*splat}', method: RequestMethod.ALL }],
        }),
        ObservabilityModule,
        HttpDrainModule,
        DatabaseModule,
        RedisModule,
        PubSubModule,
        ListsModule,
        MaintenanceModule,
        AuthModule,
        AccountDataModule,
        AccessModule,
        ...FEATURE_MODULES,
        ...imports,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllExceptionsFilter }],
    };
  }
}
