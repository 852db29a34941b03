import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { AlertsRepository } from './alerts.repository';

/** Saved searches and their matches: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class AlertsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly alerts: AlertsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'alerts',
      rules: [
        { column: 'alerts.user_id', does: 'delete', why: "a person's own saved searches", exportedAs: 'alerts' },
        { column: 'alert_matches.user_id', does: 'delete', why: 'what matched their saved searches', exportedAs: 'alert_matches' },
      ],
      erase: (tx, userId) => this.alerts.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({ name: 'alerts', export: (userId) => this.alerts.exportAccount(userId) });
  }
}
