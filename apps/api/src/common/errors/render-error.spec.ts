import { BadRequestException, ForbiddenException, HttpException, NotFoundException, PayloadTooLargeException } from '@nestjs/common';
import { ErrorBodySchema, ValidationErrorBodySchema } from '@legenett/contracts';
import { z } from 'zod';
import { AppError, ERROR_CODES, type ErrorCode } from './app-error';
import { renderError } from './render-error';

const en = { locale: 'en' as const, requestId: 'req-1' };
const no = { locale: 'no' as const, requestId: 'req-1' };

describe('renderError: one table from code to status and shape', () => {
  it.each(Object.entries(ERROR_CODES) as [ErrorCode, (typeof ERROR_CODES)[ErrorCode]][])(
    '%s -> %o',
    (code, { status }) => {
      const rendered = renderError(new AppError(code), en);
      expect(rendered.status).toBe(status);
      if (status === 422) ValidationErrorBodySchema.parse(rendered.body);
      else expect(ErrorBodySchema.parse(rendered.body)).toMatchObject({ status_code: status });
      expect(rendered.body.message).not.toMatch(/^errors\./);
    },
  );

  it('401 and 404 use the catalogue in the request language', () => {
    expect(renderError(new AppError('UNAUTHENTICATED'), no).body).toEqual({ status_code: 401, message: 'Du må logge inn for å fortsette.' });
    expect(renderError(AppError.notFound(), en).body).toEqual({ status_code: 404, message: 'We could not find what you were looking for.' });
  });

  it('403 carries the reason and the reason message', () => {
    expect(renderError(AppError.forbidden('business_profile_active'), en).body).toEqual({
      status_code: 403,
      message: 'This page is not available while you act as a business profile.',
      reason: 'business_profile_active',
    });
  });

  it('429 sets Retry-After', () => {
    const rendered = renderError(new AppError('TOO_MANY_REQUESTS', { retryAfter: 12.2 }), en);
    expect(rendered.headers).toEqual({ 'Retry-After': '13' });
  });

  it('422 from explicit field keys', () => {
    const rendered = renderError(new AppError('VALIDATION', { fields: { email: ['validation.invalid_email'] } }), no);
    expect(rendered.body).toEqual({ message: 'Noen felt er ikke fylt ut riktig.', errors: { email: ['Ugyldig e-postadresse.'] } });
  });

  it('a bare ZodError becomes a 422', () => {
    const result = z.object({ age: z.number() }).safeParse({ age: 'x' });
    expect(result.success).toBe(false);
    const rendered = renderError(result.error, en);
    expect(rendered.status).toBe(422);
    expect(rendered.body).toEqual({ message: 'Some fields are not filled in correctly.', errors: { age: ['Invalid value.'] } });
  });

  it('unknown errors are 500 "Server error" with the request id and nothing else', () => {
    const error = new Error('relation "users" does not exist');
    const rendered = renderError(error, en);
    expect(rendered).toEqual({
      status: 500,
      body: { status_code: 500, message: 'Server error', request_id: 'req-1' },
      headers: {},
      unexpected: true,
    });
    expect(renderError('a string', no).body).toEqual({ status_code: 500, message: 'Serverfeil', request_id: 'req-1' });
  });

  it.each([
    [new NotFoundException('Cannot GET /api/x'), 404, 'Page not found (requested URL not found).'],
    [new ForbiddenException('internal text'), 403, 'You do not have access to this.'],
    [new PayloadTooLargeException('File too large'), 413, 'The file or request is too large.'],
    [new BadRequestException('Unexpected field'), 400, 'The request is invalid.'],
    [new HttpException('teapot', 418), 400, 'The request is invalid.'],
    [new HttpException('gateway', 502), 500, 'Server error'],
  ])('framework %p -> %i with our message', (error, status, message) => {
    const rendered = renderError(error, en);
    expect(rendered.status).toBe(status);
    expect(rendered.body.message).toBe(message);
  });

  it.each([
    ['entity.parse.failed', 422],
    ['entity.too.large', 413],
    ['charset.unsupported', 415],
    ['encoding.unsupported', 415],
    ['request.aborted', 400],
  ])('body-parser %s -> %i', (type, status) => {
    const error = Object.assign(new Error('body'), { type, status: 400 });
    expect(renderError(error, en).status).toBe(status);
  });

  it('malformed JSON names the body', () => {
    const error = Object.assign(new SyntaxError('Unexpected token'), { type: 'entity.parse.failed' });
    expect(renderError(error, en).body).toEqual({
      message: 'The request contains invalid JSON.',
      errors: { body: ['The request contains invalid JSON.'] },
    });
  });

  it('only unexpected errors are flagged for the error log', () => {
    expect(renderError(new AppError('NOT_FOUND'), en).unexpected).toBe(false);
    expect(renderError(new AppError('UNAVAILABLE'), en).unexpected).toBe(false);
    expect(renderError(new TypeError('x is undefined'), en).unexpected).toBe(true);
  });
});
