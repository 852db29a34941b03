import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { CoursesRepository } from './courses.repository';

/** Courses, subscriptions and course views: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class CoursesAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly courses: CoursesRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'courses',
      rules: [
        {
          column: 'courses.user_id',
          does: 'delete or keep',
          why: 'draft, submitted and rejected courses are deleted (video file removed): nobody else took part; approved and cancelled ones stay with the tombstone as author: others attended or subscribed',
          exportedAs: 'courses',
        },
        {
          column: 'courses.reviewed_by_user_id',
          does: 'keep',
          why: 'the moderation audit of a course, attached to the tombstone',
          exportedAs: null,
        },
        {
          column: 'course_moderation_decisions.admin_user_id',
          does: 'keep',
          why: 'the moderation audit of a course (who decided), attached to the tombstone',
          exportedAs: null,
        },
        {
          column: 'course_subscriptions.user_id',
          does: 'delete',
          why: 'personal',
          exportedAs: 'course_subscriptions',
        },
        {
          column: 'course_view_records.user_id',
          does: 'set null',
          why: 'anonymous statistics',
          exportedAs: 'course_views',
        },
      ],
      erase: (tx, userId) => this.courses.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'courses',
      export: (userId) => this.courses.exportAccount(userId),
    });
  }
}
