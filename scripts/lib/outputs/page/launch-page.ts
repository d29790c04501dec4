// `launch.html`, one launch for people: `launch.html?id=<uuid>` fetches that
// launch's detailed JSON (`2.3.0/launches/<uuid>/index.json`) and renders it
// (browser/launch.js): mission, rocket, pad with a map link, webcasts and links,
// the history of updates, and "Add to calendar". One page for every launch, so the
// site does not grow by a file per launch. In: the build context. Out: the page's
// HTML, a frame the script fills.

import type { BuildContext } from '../../api/context.ts';
import { launchUid } from '../calendars.ts';
import { escapeHtml, renderPage } from './layout.ts';
import { API_ROOT, PAGES } from './paths.ts';

export function renderLaunchPage(context: BuildContext): string {
  const main = `<article id="launch" class="launch-view" aria-labelledby="launch-heading">
<h1 id="launch-heading">Launch</h1>
<p id="launch-state" class="state" role="status">Loading the launch…</p>
<noscript><p>This view draws a launch from its JSON, which needs JavaScript. Every launch's data is in the API at
<code>${escapeHtml(API_ROOT)}launches/{id}/</code> (the id is in this page's address), and <a href="${PAGES.schedule}">the
schedule</a> lists the launches without JavaScript.</p></noscript>
</article>`;
  return renderPage(context, {
    path: PAGES.launch,
    title: 'Launch: Launch Schedule',
    description: 'One rocket launch: time in your time zone and in UTC, mission, rocket, pad, webcasts and the history of updates.',
    main,
    scripts: ['core', 'launch'],
    // The feeds' UID of the launch, so that adding it twice updates one calendar entry.
    data: { api: API_ROOT, schedule: PAGES.schedule, 'calendar-uid': launchUid('{id}') },
  });
}
