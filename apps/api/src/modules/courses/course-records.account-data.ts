import { Injectable, type OnModuleInit } from '@nestjs/common';
import { AccountDataRegistry } from '../../common/account-data';
import { CourseRecordsRepository } from './course-records.repository';

/** Certificates, small-group requests and meeting attendance: erasure rules and export source (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class CourseRecordsAccountData implements OnModuleInit {
  constructor(
    private readonly registry: AccountDataRegistry,
    private readonly records: CourseRecordsRepository,
  ) {}

  onModuleInit(): void {
    this.registry.registerEraser({
      name: 'course records',
      rules: [
        {
          column: 'course_certificates.user_id',
          does: 'delete',
          why: 'a certificate names its holder; once erased, its public verification answers 404',
          exportedAs: 'course_certificates',
        },
        {
          column: 'course_join_requests.user_id',
          does: 'delete',
          why: 'personal (the request and its message)',
          exportedAs: 'course_join_requests',
        },
        {
          column: 'course_join_requests.decided_by_user_id',
          does: 'set null',
          why: 'who answered a request is not needed once the organiser is gone',
          exportedAs: null,
        },
        {
          column: 'course_meeting_attendance.user_id',
          does: 'delete',
          why: 'personal (which meetings one was present at)',
          exportedAs: 'course_meeting_attendance',
        },
        {
          column: 'course_meetings.created_by_user_id',
          does: 'set null',
          why: 'the meeting log belongs to the group; who wrote an entry is not needed',
          exportedAs: null,
        },
      ],
      erase: (tx, userId) => this.records.eraseAccount(tx, userId),
    });
    this.registry.registerExporter({
      name: 'course records',
      export: (userId) => this.records.exportAccount(userId),
    });
  }
}
