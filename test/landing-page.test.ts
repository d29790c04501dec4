// The landing page as text: escaping, relative links, content without JavaScript,
// determinism. test/landing-page.browser.test.ts looks at it in a real browser.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, formatWhen } from '../scripts/lib/outputs/landing-page.ts';
import { BASE_URL, buildFeatureSite, generateFeatureFiles, HOSTILE_NAME, L, launchId, type FeatureSite } from './helpers/feature-site.ts';

let site: FeatureSite;
let html: string;
beforeAll(async () => {
  site = await buildFeatureSite();
  html = site.text('index.html');
});
afterAll(async () => site?.cleanup());

const hrefs = (page: string): string[] => [...page.matchAll(/\shref="([^"]*)"/g)].map((m) => m[1].replace(/&amp;/g, '&'));

describe('escapeHtml', () => {
  it('escapes the five characters that matter in content and attributes', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});

describe('formatWhen', () => {
  it('shows the time of day only when the precision carries one', () => {
    expect(formatWhen('2030-03-01T12:34:56Z', { id: 1, name: 'Minute' })).toBe('2030-03-01 12:34');
    expect(formatWhen('2030-03-01T12:34:56Z', null)).toBe('2030-03-01 12:34');
    expect(formatWhen('2030-03-01T00:00:00Z', { id: 5, name: 'Day' })).toBe('2030-03-01 (Day)');
    expect(formatWhen('2030-03-31T00:00:00Z', { id: 7, name: 'Month' })).toBe('2030-03-31 (Month)');
    expect(formatWhen(null, null)).toBe('no date');
  });
});

describe('index.html', () => {
  it('is written at the root of the published tree, beside 2.3.0/', () => {
    expect(site.files.has('index.html')).toBe(true);
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
  });

  it('never contains a name from the data unescaped', () => {
    expect(html).not.toContain(HOSTILE_NAME);
    expect(html).not.toContain('<img');
    expect(html).toContain(escapeHtml(HOSTILE_NAME));
    expect(html.match(/<\/script/gi)).toHaveLength(1); // only the page's own closing tag
    expect(html.match(/<script/gi)).toHaveLength(1);
  });

  it('lists the next launches and events without JavaScript', () => {
    const launches = html.slice(html.indexOf('<table id="next-launches">'), html.indexOf('</table>', html.indexOf('<table id="next-launches">')));
    expect(launches.match(/<tr>/g)).toHaveLength(11); // the header row and 10 launches
    expect(launches).toContain(`href="2.3.0/launches/${launchId(L.lastDay)}/index.json"`);
    expect(launches).toContain('<time datetime="2026-11-21T00:00:00Z">2026-11-21 00:00</time>');
    expect(launches).toContain('2026-11-26 (Day)');
    const events = html.slice(html.indexOf('<table id="next-events">'), html.indexOf('</table>', html.indexOf('<table id="next-events">')));
    expect(events).toContain('ISS, Harmony; forward port');
    expect(events).toContain('2.3.0/events/1/index.json');
  });

  it('shows the build clock and the count of every collection', () => {
    expect(html).toContain('<time datetime="2026-11-21T12:00:00Z" data-build-clock>2026-11-21T12:00:00Z</time>');
    const upcoming = site.json('2.3.0/launches/upcoming/index.json').count;
    expect(html).toContain(`<span data-count="launches/upcoming/">${upcoming}</span>`);
    for (const path of ['launches/', 'launches/previous/', 'events/', 'events/upcoming/', 'events/previous/']) {
      expect(html).toContain(`<span data-count="${path}">${site.json(`2.3.0/${path}index.json`).count}</span>`);
    }
  });

  it('links only relatively, to files the build wrote (the snapshot aside, written by the deploy), and in-page anchors', () => {
    const links = hrefs(html);
    expect(links.length).toBeGreaterThan(20);
    for (const href of links) {
      if (href.startsWith('https://thespacedevs.com/') || href === 'data:,') continue; // LL2's site; the empty favicon
      if (href.startsWith('#')) {
        expect(html, href).toContain(`id="${href.slice(1)}"`);
        continue;
      }
      if (href.startsWith('snapshot/')) continue;
      expect(href, href).toMatch(/^2\.3\.0\//);
      expect(site.files.has(href), href).toBe(true);
    }
    for (const needed of ['2.3.0/openapi.json', 'snapshot/launch-schedule-snapshot.tar.gz', 'snapshot/manifest.json', '2.3.0/calendars/launches/upcoming.ics', '2.3.0/calendars/events/upcoming.ics',
      '2.3.0/calendars/providers/121.ics', '2.3.0/schemas/responses/launch-page.schema.json', '2.3.0/calendars/index.json']) {
      expect(links).toContain(needed);
    }
    expect(html).not.toContain(BASE_URL); // nothing tied to the host it was built for
  });

  it('is the same for the same data and clock, whatever the base URL', async () => {
    const again = await generateFeatureFiles({ baseUrl: 'http://localhost:8080/2.3.0/' });
    expect(again.get('index.html')!.toString('utf8')).toBe(html);
  });
});
