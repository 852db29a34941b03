import { DrizzleQueryError } from 'drizzle-orm/errors';
import { renderError } from './render-error';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../../database/database-errors';

/** What pg gives: an Error with the SQLSTATE (or socket error code) in `code`. */
const pgError = (message: string, code?: string): Error => Object.assign(new Error(message), code ? { code } : {});

const en = { locale: 'en' as const, requestId: 'req-1' };

describe('isDatabaseUnavailable', () => {
  it.each([
    ['connection refused', pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['admin shutdown', pgError('terminating connection due to administrator command', '57P01')],
    ['cannot connect now', pgError('the database system is shutting down', '57P03')],
    ['too many connections', pgError('sorry, too many clients already', '53300')],
    ['statement timeout', pgError('canceling statement due to statement timeout', '57014')],
    ['connection exception class 08', pgError('connection failure', '08006')],
    ['pool acquisition timeout', pgError('timeout exceeded when trying to connect')],
    ['socket closed mid-query', pgError('Connection terminated unexpectedly')],
    ['connect timeout', pgError('Connection terminated due to connection timeout')],
    ['every address refused', new AggregateError([pgError('connect ECONNREFUSED ::1:5432', 'ECONNREFUSED')], '')],
  ])('%s is unavailable', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it('sees through Drizzle wrapping the driver error', () => {
    const wrapped = new DrizzleQueryError('select 1', [], pgError('terminating connection due to administrator command', '57P01'));
    expect(isDatabaseUnavailable(wrapped)).toBe(true);
  });

  it.each([
    ['unique violation', pgError('duplicate key value violates unique constraint', '23505')],
    ['syntax error', pgError('syntax error at or near "selec"', '42601')],
    ['a bug', new TypeError("Cannot read properties of undefined (reading 'id')")],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not', (_name, error) => {
    expect(isDatabaseUnavailable(error)).toBe(false);
  });
});

describe('renderError of a database outage', () => {
  it('answers 503 with Retry-After and the catalogue message, no request id', () => {
    const rendered = renderError(new DrizzleQueryError('select 1', [], pgError('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')), en);
    expect(rendered).toEqual({
      status: 503,
      headers: { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
      body: { status_code: 503, message: 'The service is temporarily unavailable. Please try again shortly.' },
      unexpected: false,
    });
  });

  it('keeps a constraint violation a 500 (a bug, not an outage)', () => {
    expect(renderError(pgError('duplicate key', '23505'), en).status).toBe(500);
  });
});
