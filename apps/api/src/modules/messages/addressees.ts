import { Injectable } from '@nestjs/common';
import { type StartConversationInput } from '@legenett/contracts';
import { isSelf } from '../../common/access';
import { type Principal } from '../../common/auth';
import { CoursesService } from '../courses';
import { JobsService } from '../jobs';
import { AddresseesRepository } from './addressees.repository';
import { fieldError, type Party } from './parties';

export type Topic = { type: 'job' | 'course'; id: number; title: string };

/** Whom a first message goes to: a member, a company, or who answers a job or a course. */
@Injectable()
export class Addressees {
  constructor(
    private readonly repository: AddresseesRepository,
    private readonly jobs: JobsService,
    private readonly courses: CoursesService,
  ) {}

  /** The party a first message goes to, and the job or course it is about. */
  async of(me: Principal, input: StartConversationInput): Promise<{ target: Party; topic: Topic | null }> {
    if (input.to_user_id !== undefined) {
      if (isSelf(me, input.to_user_id) && me.activeCompanyId === null) throw fieldError('to_user_id', 'messages.errors.cannot_message_self');
      const user = await this.repository.recipient(input.to_user_id);
      if (!user) throw fieldError('to_user_id', 'validation.unknown_reference');
      return { target: { kind: 'user', id: user.id }, topic: null };
    }
    if (input.to_company_id !== undefined) {
      const company = await this.repository.liveCompany(input.to_company_id);
      if (!company) throw fieldError('to_company_id', 'validation.unknown_reference');
      return { target: { kind: 'company', id: company.id }, topic: null };
    }
    const type = input.topic_type!;
    const id = input.topic_id!;
    // The same rule as GET /jobs/:id and GET /courses/:id, in the same words (404): a draft,
    // submitted or rejected course or an unpublished job is not there for the caller.
    if (type === 'job') await this.jobs.requireVisible(me, id);
    else await this.courses.requireVisible(me, id, 'no');
    const topic = await this.repository.topic(type, id);
    if (!topic) throw fieldError('topic_id', 'validation.unknown_reference');
    if (topic.company_id !== null) {
      if (!(await this.repository.liveCompany(topic.company_id))) throw fieldError('topic_id', 'validation.unknown_reference');
      return { target: { kind: 'company', id: topic.company_id }, topic: { type, id, title: topic.title } };
    }
    if (topic.user_id === null || !(await this.repository.recipient(topic.user_id))) throw fieldError('topic_id', 'validation.unknown_reference');
    return { target: { kind: 'user', id: topic.user_id }, topic: { type, id, title: topic.title } };
  }
}
