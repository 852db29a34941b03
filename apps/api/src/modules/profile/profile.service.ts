import { Injectable } from '@nestjs/common';
import {
  type AccountExport,
  type DeleteAccountInput,
  type Locale,
  type MessageKey,
  type NotificationSettingsInput,
  type ProfileInformationInput,
  type PublicProfile,
  type User,
} from '@legenett/contracts';
import bcrypt from 'bcrypt';
import { isSelf } from '../../common/access';
import { AccountDataService } from '../../common/account-data';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { FilesService } from '../../common/files/files.service';
import { Storage } from '../../common/storage/storage';
import { ProfessionalRepository } from '../professional';
import { UserObjectService } from '../users';
import { ReferenceChecks } from '../reference';
import { ProfileRepository } from './profile.repository';

/** Longest public profile lists: a page shows everything a person lists, within reason. */
const PUBLIC_LIST_LIMIT = 50;

type ImageKind = 'avatar' | 'background';
const IMAGE = {
  avatar: { column: 'avatar_file_id', kind: 'avatar' },
  background: { column: 'background_file_id', kind: 'profile_background' },
} as const;

/** The own account (profile, settings, pictures, export, deletion) and other members' profile pages. */
@Injectable()
export class ProfileService {
  constructor(
    private readonly repository: ProfileRepository,
    private readonly professional: ProfessionalRepository,
    private readonly userObjects: UserObjectService,
    private readonly files: FilesService,
    private readonly storage: Storage,
    private readonly accountData: AccountDataService,
    private readonly references: ReferenceChecks,
  ) {}

  private async user(principal: Principal): Promise<{ data: User }> {
    const user = await this.userObjects.build(principal.userId, principal);
    return {
      data: user,
    };
  }

  async information(userId: number) {
    const info = await this.repository.information(userId);
    if (!info) throw AppError.notFound();
    return { data: info };
  }

  async updateInformation(principal: Principal, input: ProfileInformationInput) {
    const fields: Record<string, MessageKey[]> = await this.references.unknown([
      ['county_id', 'counties', input.county_id],
      ['city_id', 'cities', input.city_id],
      ['workplace_situation_id', 'workplaceSituations', input.workplace_situation_id],
      ['workplace_hospital_id', 'hospitals', input.workplace_hospital_id],
      ['workplace_clinic_id', 'clinics', input.workplace_clinic_id],
      ['workplace_custom_id', 'customWorkplaces', input.workplace_custom_id],
      ['specialities', 'specialties', input.specialities],
    ]);
    if (input.city_id !== null && input.county_id !== null && !fields.city_id && !fields.county_id) {
      if ((await this.repository.countyOfCity(input.city_id)) !== input.county_id) {
        fields.city_id = ['profile.errors.city_not_in_county'];
      }
    }
    if (Object.keys(fields).length > 0) throw new AppError('VALIDATION', { fields });

    await this.repository.updateInformation(principal.userId, input);
    return this.user(principal);
  }

  async updateNotificationSettings(principal: Principal, input: NotificationSettingsInput) {
    await this.repository.updateNotificationSettings(principal.userId, input);
    return this.user(principal);
  }

  async uploadImage(principal: Principal, kind: ImageKind, file: Express.Multer.File | undefined) {
    const { column, kind: fileKind } = IMAGE[kind];
    await this.files.replace(file, { kind: fileKind, owner: principal.userId, field: 'image' }, (fileId) =>
      this.repository.replaceImage(principal.userId, column, fileId),
    );
    return this.user(principal);
  }

  async exportData(principal: Principal): Promise<{ body: AccountExport; filename: string }> {
    const { data: user } = await this.user(principal);
    const data = await this.accountData.export(principal.userId);
    const exportedAt = new Date();
    // Dates and bigints as JSON has them.
    const plain = JSON.parse(JSON.stringify(data)) as AccountExport['data'];
    return {
      body: { format: 'legenett-account-export', version: 1, exported_at: exportedAt.toISOString(), user, data: plain },
      filename: `legenett-${user.slug}-${exportedAt.toISOString().slice(0, 10)}.json`,
    };
  }

  async deleteAccount(principal: Principal, input: DeleteAccountInput): Promise<void> {
    const hash = await this.repository.passwordHash(principal.userId);
    if (hash === undefined) throw new AppError('UNAUTHENTICATED');
    // Accounts without a password (identity-provider only) confirm with the session alone.
    if (hash !== null && !(await bcrypt.compare(input.password, hash))) {
      throw new AppError('VALIDATION', { fields: { password: ['profile.errors.wrong_password'] } });
    }
    // Every module's erase step in one transaction, the files step last; objects leave storage after the commit.
    await this.accountData.erase(principal.userId, input.reason_to_delete, new Date());
  }

  async publicProfile(principal: Principal, slug: string, locale: Locale): Promise<{ data: PublicProfile }> {
    const row = await this.repository.publicProfile(slug, locale, principal.userId);
    if (!row) throw AppError.notFound();
    const [specialities, experiences, educations] = await Promise.all([
      this.repository.specialities(row.id, locale),
      // The first rows only: a profile shows no pages, so no count.
      this.professional.listExperiences(row.id, locale).read({ offset: 0, limit: PUBLIC_LIST_LIMIT, fromEnd: false }),
      this.professional.listEducations(row.id, locale).read({ offset: 0, limit: PUBLIC_LIST_LIMIT, fromEnd: false }),
    ]);
    return {
      data: {
        ...row,
        profile_avatar: this.storage.publicUrl(row.profile_avatar),
        profile_background: this.storage.publicUrl(row.profile_background),
        specialities,
        professional_experiences: experiences,
        educations,
        is_me: isSelf(principal, row.id),
      },
    };
  }
}
