// The calendars in the OpenAPI document: the feed index and the iCalendar feeds
// (upcoming launches, upcoming events, each provider's launches). In: the build
// context; out: their paths, each feed's example its first entries written as the
// build writes the file (`x-entries-shown`).

import type { BuildContext } from '../api/context.ts';
import type { Json, JsonObject } from '../model/records.ts';
import { CALENDAR_PATHS, calendarFeeds, calendarIndex } from './calendars.ts';
import { writeCalendar } from './ical.ts';
import { operation, pathParameter, response, type Example } from './openapi-blocks.ts';

/** How many entries a calendar example keeps. */
const EXAMPLE_ENTRIES = 2;

const calendarResponse = (description: string, example: Example): JsonObject =>
  response(description, 'ICalendar', example, 'text/calendar');

/** The paths of the calendar index and the feeds. */
export function calendarPaths(context: BuildContext): Record<string, Json> {
  const feeds = calendarFeeds(context);
  const example = (path: string): Example => {
    const feed = feeds.find((f) => f.path === path)!;
    const entries = feed.firstEntries(EXAMPLE_ENTRIES);
    return {
      summary: `${path} of this build, with the first ${entries.length} of its ${feed.entryCount} entries`,
      // Not a spread of feed.calendar: that would read its getter and make every entry.
      value: writeCalendar({
        name: feed.calendar.name,
        description: feed.calendar.description,
        url: feed.calendar.url,
        entries,
      }),
      'x-source': path,
      'x-entries-shown': entries.length,
    };
  };
  const providerFeeds = feeds.filter((f) => f.agency !== null);
  const rule =
    'Launches whose NET precision is finer than a day are timed entries (DTSTART/DTEND from the window); ' +
    'morning, afternoon and day precision give all-day entries on the UTC date of the NET; week or coarser are left out. ' +
    "UIDs come from record ids; DTSTAMP and LAST-MODIFIED are the record's last_updated, SEQUENCE its seconds since 2000-01-01.";
  return {
    [`/${CALENDAR_PATHS.index.replace(/index\.json$/, '')}`]: operation(
      'calendars',
      'calendars',
      'Every calendar feed of this build.',
      response('The feeds, with their entry counts.', 'CalendarIndex', {
        summary: `${CALENDAR_PATHS.index} of this build`,
        value: calendarIndex(context),
        'x-source': CALENDAR_PATHS.index,
      }),
    ),
    [`/${CALENDAR_PATHS.upcomingLaunches}`]: operation(
      'calendarUpcomingLaunches',
      'calendars',
      'Upcoming launches as an iCalendar feed.',
      calendarResponse(rule, example(CALENDAR_PATHS.upcomingLaunches)),
    ),
    [`/${CALENDAR_PATHS.upcomingEvents}`]: operation(
      'calendarUpcomingEvents',
      'calendars',
      'Upcoming events as an iCalendar feed.',
      calendarResponse(
        'Events with a time of day are timed entries (DTEND from the duration when it has one); day precision gives all-day entries.',
        example(CALENDAR_PATHS.upcomingEvents),
      ),
    ),
    ...(providerFeeds.length
      ? {
          '/calendars/providers/{agency_id}.ics': operation(
            'calendarProvider',
            'calendars',
            'Upcoming launches of one launch service provider as an iCalendar feed.',
            calendarResponse(rule, example(providerFeeds[0].path)),
            [
              pathParameter(
                'agency_id',
                'LL2 id of the launch service provider (`launch_service_provider.id`). Every provider of a launch in the data set has a feed.',
                {
                  type: 'integer',
                  enum: providerFeeds.map((f) => f.agency!.id),
                },
              ),
            ],
          ),
        }
      : {}),
  };
}
