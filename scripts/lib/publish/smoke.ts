// The smoke test run against a live deployment: the four endpoints answer 200
// with JSON in LL2's envelope, and their links stay under the base URL. The
// network is passed in (`fetch`), so tests run it against a local server.

export const SMOKE_PATHS = ['launches/upcoming/', 'launches/previous/', 'launches/', 'events/upcoming/'] as const;

export interface SmokeOptions {
  fetch?: typeof globalThis.fetch;
  paths?: readonly string[];
  /** More absolute URLs that must answer 200 JSON (e.g. the snapshot manifest). */
  also?: readonly string[];
}

export interface SmokeReport {
  /** One line per URL that answered as it should. */
  passed: string[];
  /** One line per failure; empty when everything passed. */
  problems: string[];
  /** `build_clock` from status.json, when it could be read. */
  buildClock?: string;
}

async function getJson(
  fetchFn: typeof globalThis.fetch,
  url: string,
): Promise<{ problem?: string; body?: unknown; type?: string }> {
  let response: Response;
  try {
    response = await fetchFn(url, { headers: { Accept: 'application/json' }, redirect: 'follow' });
  } catch (error) {
    return { problem: `GET ${url} failed: ${(error as Error).message}` };
  }
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  if (response.status !== 200) return { problem: `GET ${url} answered ${response.status}, not 200` };
  if (!/^application\/json\b/.test(type))
    return { problem: `GET ${url} answered Content-Type "${type}", not application/json` };
  try {
    return { body: JSON.parse(text), type };
  } catch {
    return { problem: `GET ${url} answered a body that is not JSON: ${JSON.stringify(text.slice(0, 80))}` };
  }
}

export async function smokeCheck(baseUrl: string, options: SmokeOptions = {}): Promise<SmokeReport> {
  const fetchFn = options.fetch ?? globalThis.fetch;
  const report: SmokeReport = { passed: [], problems: [] };
  for (const path of options.paths ?? SMOKE_PATHS) {
    const url = `${baseUrl}${path}`;
    const { problem, body } = await getJson(fetchFn, url);
    if (problem) {
      report.problems.push(problem);
      continue;
    }
    const page = body as Record<string, unknown>;
    const keys = Object.keys(page ?? {});
    if (!['count', 'next', 'previous', 'results'].every((k) => keys.includes(k)) || !Array.isArray(page.results)) {
      report.problems.push(`GET ${url} is not an LL2 page {count, next, previous, results}`);
      continue;
    }
    const offBase = [page.next, page.previous, ...page.results.map((r) => (r as Record<string, unknown>)?.url)].filter(
      (link): link is string => typeof link === 'string' && !link.startsWith(baseUrl),
    );
    if (offBase.length) {
      report.problems.push(`GET ${url} links outside ${baseUrl}: ${offBase[0]}`);
      continue;
    }
    report.passed.push(`GET ${url} 200 JSON, count ${String(page.count)}`);
  }
  for (const url of options.also ?? []) {
    const { problem } = await getJson(fetchFn, url);
    if (problem) report.problems.push(problem);
    else report.passed.push(`GET ${url} 200 JSON`);
  }
  const status = await getJson(fetchFn, `${baseUrl}status.json`);
  const clock = (status.body as Record<string, unknown> | undefined)?.build_clock;
  if (typeof clock === 'string') report.buildClock = clock;
  return report;
}
