import { Global, Inject, Injectable, Module, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { MailRepository } from './mail.repository';
import { MailService } from './mail.service';
import { MailTransport, SmtpMailTransport } from './mail-transport';
import { MailAccountData } from './mail.account-data';

@Injectable()
export class MailTransportLifecycle implements OnApplicationShutdown {
  constructor(@Optional() @Inject(MailTransport) private readonly transport: MailTransport | null) {}

  onApplicationShutdown(): void {
    this.transport?.close();
  }
}

/** `MailService` for every module; SMTP delivery only when SMTP_URL is configured. */
@Global()
@Module({
  providers: [
    MailRepository,
    MailAccountData,
    MailService,
    {
      provide: MailTransport,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): MailTransport | null => (config.smtpUrl ? new SmtpMailTransport(config.smtpUrl) : null),
    },
    MailTransportLifecycle,
  ],
  exports: [MailService],
})
export class MailModule {}
