import { Injectable } from '@nestjs/common';
import { type Locale, translate } from '@legenett/contracts';
import { AppError } from '../../common/errors/app-error';
import { IdentityService } from './identity.service';
import { RegistrationRepository } from './registration.repository';
import { SimulatorPersons } from './simulator-persons';

const esc = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** Inline styles only (the CSP allows them); no script at all. */
const STYLE = `
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:0;background:#f4f6f8;color:#1a1b1e}
main{max-width:960px;margin:0 auto;padding:24px 16px}
h1{font-size:1.5rem;margin:0 0 8px}
.card{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 3px rgba(0,0,0,.12)}
table{width:100%;border-collapse:collapse}
th,td{text-align:left;padding:8px;border-bottom:1px solid #dee2e6;vertical-align:middle}
button{font:inherit;padding:8px 14px;border-radius:6px;border:1px solid #1864ab;background:#1864ab;color:#fff;cursor:pointer}
button:focus-visible{outline:3px solid #ffd43b;outline-offset:2px}
button.secondary{background:#fff;color:#c92a2a;border-color:#c92a2a}
.muted{color:#5c5f66;font-size:.9rem}
@media (max-width:640px){thead{display:none}tr{display:block;border-bottom:1px solid #dee2e6;padding:8px 0}td{display:block;border:0;padding:2px 0}td[data-label]::before{content:attr(data-label) ": ";font-weight:600}}
`;

/** A register date (`YYYY-MM-DD`) as the app shows dates: "17. aug. 1990", "17 Aug 1990". */
const birthDate = (value: string, locale: Locale): string =>
  new Date(`${value}T12:00:00Z`).toLocaleDateString(locale === 'no' ? 'nb-NO' : 'en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'Europe/Oslo',
  });

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale === 'no' ? 'nb' : 'en'}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${esc(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface SimulatorPage {
  status: number;
  html: string;
}

/**
 * The identity-provider simulator: a server-rendered page listing the register's test persons
 * with a form button each (choose) and one to cancel. No JavaScript, so it works under the CSP.
 */
@Injectable()
export class SimulatorService {
  constructor(
    private readonly identity: IdentityService,
    private readonly repo: RegistrationRepository,
    private readonly persons: SimulatorPersons,
  ) {}

  async render(sessionId: string, locale: Locale): Promise<SimulatorPage> {
    const t = (key: string, vars?: Record<string, string>) => translate(locale, `registration.simulator.${key}`, vars);
    let session;
    try {
      session = await this.identity.pendingSimulatorSession(sessionId);
    } catch (err) {
      return this.gone(err, locale);
    }
    const register = await this.repo.hprRegisterList();
    const ids = await this.persons.nationalIds();
    const action = `/api/identity-simulator/${session.id}?lang=${locale}`;
    const rows = register
      .map((p) => {
        const name = `${p.first_name} ${p.last_name}`;
        return `<tr><td data-label="${esc(t('name'))}">${esc(name)}</td><td data-label="${esc(t('birth_date'))}">${esc(p.birth_date ? birthDate(p.birth_date, locale) : '—')}</td><td data-label="${esc(t('national_id'))}">${esc(ids.get(p.hpr_number) ?? '—')}</td><td data-label="${esc(t('hpr_number'))}">${esc(p.hpr_number)}</td><td data-label="${esc(t('profession'))}">${esc(translate(locale, `admin.hpr.professions.${p.profession}`))}</td><td><form method="post" action="${esc(action)}"><input type="hidden" name="action" value="choose"><input type="hidden" name="hpr_number" value="${esc(p.hpr_number)}"><button type="submit">${esc(t('choose', { name }))}</button></form></td></tr>`;
      })
      .join('');
    const table = register.length
      ? `<table><caption class="muted" style="text-align:left;padding-bottom:8px">${esc(t('intro'))}</caption><thead><tr><th scope="col">${esc(t('name'))}</th><th scope="col">${esc(t('birth_date'))}</th><th scope="col">${esc(t('national_id'))}</th><th scope="col">${esc(t('hpr_number'))}</th><th scope="col">${esc(t('profession'))}</th><th scope="col"><span class="muted">—</span></th></tr></thead><tbody>${rows}</tbody></table>`
      : `<p>${esc(t('no_persons'))}</p>`;
    const time = session.expires_at.toLocaleTimeString(locale === 'no' ? 'nb-NO' : 'en-GB', { timeZone: 'Europe/Oslo' });
    const body = `<h1>${esc(t('title'))}</h1><p class="muted">${esc(t('expires', { time }))}</p><div class="card">${table}</div><form method="post" action="${esc(action)}" style="margin-top:16px"><input type="hidden" name="action" value="cancel"><button type="submit" class="secondary">${esc(t('cancel'))}</button></form>`;
    return { status: 200, html: page(locale, t('title'), body) };
  }

  /** Completes (choose) or cancels the session; answers where the browser goes next (the SPA's callback). */
  async act(sessionId: string, action: 'choose' | 'cancel', hprNumber: string | undefined): Promise<string> {
    // Relative: the SPA is served from the same origin as this page.
    const back = `/signicat-registration-callback?sessionId=${encodeURIComponent(sessionId)}`;
    if (action === 'cancel') {
      await this.identity.cancelSimulated(sessionId);
      return `${back}&status=cancelled`;
    }
    const person = hprNumber ? await this.repo.hprByNumber(hprNumber) : undefined;
    if (!person) throw AppError.notFound();
    const nationalId = (await this.persons.nationalIds()).get(person.hpr_number);
    const nationalIdHash = nationalId ? this.identity.hash(nationalId) : person.national_id_hash;
    if (!nationalIdHash) throw AppError.notFound();
    await this.identity.completeSimulated(sessionId, {
      firstName: person.first_name,
      lastName: person.last_name,
      birthDate: person.birth_date,
      nationalIdHash,
    });
    return back;
  }

  gone(err: unknown, locale: Locale): SimulatorPage {
    if (!(err instanceof AppError)) throw err;
    const t = (key: string) => translate(locale, `registration.simulator.${key}`);
    const message = err.options.message ? translate(locale, err.options.message) : t('gone');
    const body = `<h1>${esc(t('title'))}</h1><div class="card" role="alert"><p>${esc(message)}</p><p><a href="/register">${esc(t('back'))}</a></p></div>`;
    return { status: err.status, html: page(locale, t('title'), body) };
  }
}
