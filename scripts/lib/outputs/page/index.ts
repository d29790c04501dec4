// Generator: the pages for people at the site root, beside `2.3.0/`: the schedule
// (index.html), the page of each recent and upcoming launch (launch/<slug>.html),
// any launch by id (launch.html), the API documentation (api.html), their
// scripts and style (assets/), and the schedule's compact data (schedule/). In:
// the build context. Out: those files.

import type { Generator } from '../../api/context.ts';
import { renderApiPage } from './api-page.ts';
import { assetFiles } from './assets.ts';
import { renderLaunchPage } from './launch-page.ts';
import { CHANGES_PAGE, renderChangesPage } from './history-pages.ts';
import { launchPages } from './launch-pages.ts';
import { PAGES } from './paths.ts';
import { compactRecords, firstView, FIRST_VIEW_PATH, listPages } from './schedule-data.ts';
import { renderSchedulePage } from './schedule-page.ts';
import { toSafeJson } from '../../base/json.ts';

export const sitePages: Generator = (context) => {
  const compact = compactRecords(context);
  const view = firstView(context, compact);
  return [
    { path: PAGES.schedule, content: renderSchedulePage(context, view) },
    { path: PAGES.launch, content: renderLaunchPage(context) },
    ...launchPages(context),
    { path: PAGES.api, content: renderApiPage(context) },
    { path: CHANGES_PAGE, content: renderChangesPage(context) },
    { path: FIRST_VIEW_PATH, content: toSafeJson(view) },
    ...listPages(context, compact),
    ...assetFiles(),
  ];
};
