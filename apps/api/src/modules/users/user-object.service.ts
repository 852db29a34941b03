import { Injectable } from '@nestjs/common';
import { type BusinessProfile, type Locale, STATUS_LABELS, type StatusLabel, type User } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { type Principal } from '../../common/auth/principal';
import { currentLocale } from '../../common/context/request-context';
import { AppError } from '../../common/errors/app-error';
import { Storage } from '../../common/storage/storage';
import { permissionsOf } from '../../common/auth/permissions';
import { type CompanyRow, UsersRepository } from './users.repository';


function statusLabel(status: keyof typeof schema.USER_STATUS_LABELS): StatusLabel {
  const label = schema.USER_STATUS_LABELS[status];
  return STATUS_LABELS.find((l) => l === label) ?? 'Awaiting approval';
}

/**
 * The user object of docs/api-conventions.md (login, refresh, `POST /user`, and every endpoint that
 * answers "the user"). The active business profile comes from the caller's session, so pass the
 * principal when there is one.
 */
@Injectable()
export class UserObjectService {
  constructor(
    private readonly users: UsersRepository,
    private readonly storage: Storage,
  ) {}

  /** Stored keys become the addresses clients fetch them from. */
  private toBusinessProfile(c: CompanyRow): BusinessProfile {
    return { id: c.id, slug: c.slug, name: c.name, logo: this.storage.publicUrl(c.logo) };
  }

  async build(userId: number, principal?: Principal | { activeCompanyId: number | null }, locale: Locale = currentLocale()): Promise<User> {
    const found = await this.users.findById(userId);
    if (!found) throw AppError.notFound();
    const { user, info, avatar, background } = found;
    const [roles, specialities, companies] = await Promise.all([
      this.users.roles(userId),
      this.users.specialities(userId, locale),
      this.users.managedCompanies(userId),
    ]);
    const active = principal?.activeCompanyId ? companies.find((c) => c.id === principal.activeCompanyId) : undefined;
    const approvedHrp = info?.approved_hrp === 2 ? 2 : info?.approved_hrp === 1 ? 1 : 0;
    return {
      id: user.id,
      slug: user.slug,
      first_name: user.first_name,
      last_name: user.last_name,
      email: user.email,
      phone: user.phone,
      status_label: statusLabel(user.status),
      user_info: {
        approved_hrp: approvedHrp,
        hpr_number: info?.hpr_number ?? null,
        hpr_verified: info?.hpr_verified ?? false,
        county_id: info?.county_id ?? null,
        city_id: info?.city_id ?? null,
        workplace_situation_id: info?.workplace_situation_id ?? null,
        workplace_name: info?.workplace_name ?? null,
        position: info?.position ?? null,
        about: info?.about ?? null,
        specialities,
        notification_settings: {
          sms_webinar_reminders: info?.sms_webinar_reminders ?? false,
          email_webinar_reminders: info?.email_webinar_reminders ?? true,
          important_updates: info?.important_updates ?? true,
        },
      },
      active_business_profile: active ? this.toBusinessProfile(active) : null,
      available_business_profiles: companies.map((c) => this.toBusinessProfile(c)),
      permissions: permissionsOf(roles, active !== undefined),
      roles,
      profile_avatar: this.storage.publicUrl(avatar),
      profile_background: this.storage.publicUrl(background),
      last_login_date: user.last_login_date?.toISOString() ?? null,
      locale: user.locale,
      theme: user.theme,
      email_verified: user.email_verified_at !== null,
      two_factor_enabled: user.two_factor_enabled,
    };
  }
}
