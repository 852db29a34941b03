import { type Endpoint, referenceEndpoints } from '@legenett/contracts';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { type z } from 'zod';

/** Fixtures that answer like the API does (shapes of the contracts). */
export const countiesFixture = {
  no: [
    { id: 1, name: 'Oslo', code: '03' },
    { id: 2, name: 'Rogaland', code: '11' },
    { id: 3, name: 'Møre og Romsdal', code: '15' },
  ],
  en: [
    { id: 1, name: 'Oslo', code: '03' },
    { id: 2, name: 'Rogaland', code: '11' },
    { id: 3, name: 'More og Romsdal (en)', code: '15' },
  ],
};

/** One call the mocked API received, as the client sent it. */
export interface MockedCall {
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body, the FormData of a multipart call, or null. */
  body: unknown;
  headers: Headers;
}

/** What a mocked endpoint answers: its success body (checked against the contract's type), or any Response. */
type Answer<E extends Endpoint> = (E['response'] extends z.ZodType ? z.input<E['response']> : null) | Response;

/** A fixed answer, or one made from the call (e.g. by its id or body). */
export type MockAnswer<E extends Endpoint> = Answer<E> | ((call: MockedCall) => Answer<E> | Promise<Answer<E>>);

const isMaker = <E extends Endpoint>(answer: MockAnswer<E>): answer is (call: MockedCall) => Answer<E> | Promise<Answer<E>> =>
  typeof answer === 'function';

const API_ORIGIN = 'http://localhost:3000';
const urlOf = (endpoint: Endpoint) => `${API_ORIGIN}/api${endpoint.path}`;

async function bodyOf(request: Request): Promise<unknown> {
  const type = request.headers.get('Content-Type') ?? '';
  if (type.includes('multipart/form-data')) return request.formData();
  const text = await request.text();
  return text ? (JSON.parse(text) as unknown) : null;
}

function handlerFor<E extends Endpoint>(endpoint: E, answer: MockAnswer<E>, calls: MockedCall[]) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
  return http[method](urlOf(endpoint), async ({ request, params }) => {
    const call: MockedCall = {
      params: Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])),
      query: new URL(request.url).searchParams,
      body: await bodyOf(request),
      headers: request.headers,
    };
    calls.push(call);
    const result = isMaker(answer) ? await answer(call) : answer;
    if (result instanceof Response) return result;
    if (endpoint.response === null) return new HttpResponse(null, { status: 204 });
    return HttpResponse.json(result as JsonBodyType, { status: endpoint.status ?? 200 });
  });
}

/** Reference data every screen may ask for; unmocked API paths answer 404 as the API would. */
const defaultHandlers = [
  handlerFor(referenceEndpoints.counties, ({ headers }) => ({ data: countiesFixture[headers.get('X-localization') === 'en' ? 'en' : 'no'] }), []),
  handlerFor(referenceEndpoints.frontendSettings, { data: { prev_image_video_src: null, prev_image_video_link: null } }, []),
  http.all(`${API_ORIGIN}/api/*`, () => HttpResponse.json({ status_code: 404, message: 'Not found' }, { status: 404 })),
];

/** The one mocked API of the web tests (started in setup.ts; handlers reset after each test). */
export const apiServer = setupServer(...defaultHandlers);

/**
 * Answer `endpoint` (a contract descriptor) with `answer` for the rest of the test; the returned list
 * records each call. The latest mock of an endpoint wins.
 */
export function mockEndpoint<E extends Endpoint>(endpoint: E, answer: MockAnswer<E>): MockedCall[] {
  const calls: MockedCall[] = [];
  apiServer.use(handlerFor(endpoint, answer, calls));
  return calls;
}

/** An error answer in the API's shape (api-conventions: status_code, message, reason). */
export function apiError(status: number, message: string, reason?: string): Response {
  return HttpResponse.json({ status_code: status, message, ...(reason ? { reason } : {}) }, { status });
}

/** A 422 with its field messages, as the API's error filter answers it. */
export function validationError(errors: Record<string, string[]>, message = 'The given data was invalid.'): Response {
  return HttpResponse.json({ message, errors }, { status: 422 });
}

/** A JSON answer with any status, for answers no contract describes. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
