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

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function headerOf(init: RequestInit | undefined, name: string): string | null {
  return new Headers(init?.headers).get(name);
}

export function defaultFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const path = url.split('?')[0];
  if (path === '/api/counties') {
    const locale = headerOf(init, 'X-localization') === 'en' ? 'en' : 'no';
    return Promise.resolve(jsonResponse({ data: countiesFixture[locale] }));
  }
  if (path === '/api/frontend-settings') {
    return Promise.resolve(jsonResponse({ data: { prev_image_video_src: null, prev_image_video_link: null } }));
  }
  return Promise.resolve(jsonResponse({ status_code: 404, message: 'Not found' }, 404));
}
