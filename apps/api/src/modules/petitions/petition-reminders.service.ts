import { osloToday } from '@legenett/contracts';
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { Scheduler } from '../../common/queue';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationPublisher } from '../notifications';
import { PetitionsRepository } from './petitions.repository';

export const PETITION_REMINDERS_JOB = 'petitions.reminders';

/** `day` plus `n` calendar days (`YYYY-MM-DD`). */
function addDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

/**
 * Time-driven petition notices, each sent once (the petition row records it): bookmarkers hear a day
 * before a petition ends, the initiator when it has ended. Runs as a repeating job on the
 * housekeeping interval (hourly by default; off when that is 0), once across workers (common/queue/scheduler.ts).
 */
@Injectable()
export class PetitionRemindersService implements OnModuleInit {
  constructor(
    private readonly repository: PetitionsRepository,
    private readonly uow: UnitOfWork,
    private readonly notifications: NotificationPublisher,
    private readonly scheduler: Scheduler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.scheduler.every(PETITION_REMINDERS_JOB, this.config.housekeeping.intervalMs, () => this.run());
  }

  /** Sends what is due at `now`; answers how many petitions it told about. */
  async run(now: Date = new Date()): Promise<{ ending: number; ended: number }> {
    const today = osloToday(now);
    return this.uow.run(async (tx) => {
      const ending = await this.repository.claimEndingTomorrow(addDays(today, 1), tx);
      for (const petition of ending) {
        let after = 0;
        for (;;) {
          const batch = await this.repository.bookmarkers(petition.id, after, tx);
          if (batch.length === 0) break;
          await this.notifications.publish(
            tx,
            batch.map((b) => ({
              user_id: b.user_id,
              kind: 'petition_ending' as const,
              actor_user_id: null,
              partner_company_id: null,
              entity_type: 'petition',
              entity_id: petition.id,
              data: { title: petition.title, end_date: petition.end_date },
            })),
          );
          after = batch[batch.length - 1]!.user_id;
        }
      }
      // Ended within the last week: older ones (before this job existed, bulk data) are not news.
      const ended = await this.repository.claimEnded(today, addDays(today, -7), tx);
      if (ended.length > 0) {
        await this.notifications.publish(
          tx,
          ended.map((p) => ({
            user_id: p.user_id,
            kind: 'petition_ended' as const,
            actor_user_id: null,
            partner_company_id: null,
            entity_type: 'petition',
            entity_id: p.id,
            data: { title: p.title, count: p.signatures_count },
          })),
        );
      }
      return { ending: ending.length, ended: ended.length };
    });
  }
}
