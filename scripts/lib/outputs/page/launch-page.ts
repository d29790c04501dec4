// `launch.html`, any launch by id: `launch.html?id=<uuid>` fetches that launch's
// detailed JSON (`2.3.0/launches/<uuid>/index.json`) and renders it with the view
// the build uses for the launches' own pages (browser/launch.js; launch-pages.ts
// writes those for recent and upcoming launches). It serves the older launches,
// which have no page of their own, and every link made before those pages
// existed. With its history document (`history/<uuid>.json`) where it has one, the
// view says when the launch's data last heard from LL2 and draws its history, as a
// launch's own page does (browser/launch.js viewById); the statuses' names the
// history needs are in the page (`data-statuses`), and so is the data's last word
// from LL2 (`data-last-heard`), by which the view says of a launch whose NET passed
// since that our data stopped before it (heard.ts, the same rule). In: the build
// context. Out: the page's HTML, a frame the script fills.

import type { BuildContext } from '../../api/context.ts';
import { dataAge } from '../../api/metadata.ts';
import { launchUid } from '../calendars.ts';
import { statusNames } from './history-pages.ts';
import { escapeHtml, renderPage } from './layout.ts';
import { API_ROOT, PAGES } from './paths.ts';

export function renderLaunchPage(context: BuildContext): string {
  const main = `<article id="launch" class="launch-view" aria-labelledby="launch-heading">
<h1 id="launch-heading">Launch</h1>
<p id="launch-state" class="state" role="status">Loading the launch…</p>
<noscript><p>This view draws a launch from its JSON, which needs JavaScript. Every launch's data is in the API at
<code>${escapeHtml(API_ROOT)}launches/{id}/</code> (the id is in this page's address); <a href="${PAGES.schedule}">the
schedule</a> lists the launches without JavaScript, and links each recent or upcoming launch to a page of its own
that needs none.</p></noscript>
</article>`;
  return renderPage(context, {
    path: PAGES.launch,
    title: 'Launch: Launch Schedule',
    description:
      'One rocket launch: time in your time zone and in UTC, mission, rocket, pad, webcasts and the history of updates.',
    main,
    scripts: ['core', 'launch'],
    // The feeds' UID of the launch, so that adding it twice updates one calendar entry.
    data: {
      api: API_ROOT,
      schedule: PAGES.schedule,
      'calendar-uid': launchUid('{id}'),
      statuses: JSON.stringify(statusNames(context)),
      // The data's last word from LL2, so that the view says of a NET passed since that the data stopped (heard.ts).
      'last-heard': dataAge(context.data, context.now).last_heard_from_ll2 ?? '',
    },
  });
}
