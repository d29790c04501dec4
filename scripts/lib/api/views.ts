// LL2's derived views, made from our records: `dashboard/starship/` (LL2's
// `StarshipDashboardNormal`: the upcoming and previous launches and events of the
// Starship program, in normal mode, their updates, newest first, and the boosters;
// the road closures, notices, live streams and orbiters as LL2's dashboard last gave
// them (data/reference/starship-dashboard.yaml, kept by the sync; none held: empty
// lists, never invented) and `api-throttle/` (LL2's `APIThrottle`, saying that
// there is no request limit here; docs/differences.md gives the values). Pure
// bodies from the build context, and the generator that publishes them.

import type { EventRecord, JsonObject, LaunchRecord } from '../model/records.ts';
import type { BuildContext } from './context.ts';
import { apiFile, type OutputFile } from './files.ts';

/** The program whose launches and events the dashboard shows, and the rocket family that flies it. */
export const STARSHIP = { program: 'spacex-starship', family: 'starship' } as const;

/** LL2's request limit field is an integer: its largest value stands for "no limit" (docs/differences.md). */
export const NO_LIMIT = 2147483647;

/** `api-throttle/`: no limit, nothing used, nothing to wait for. */
export const apiThrottle = (): JsonObject => ({
  your_request_limit: NO_LIMIT,
  limit_frequency_secs: 3600,
  current_use: 0,
  next_use_secs: 0,
  ident: 'no-limit',
});

export function starshipDashboard(context: BuildContext): JsonObject {
  const { data, collections, shape } = context;
  const configuration = (key: string) => data.reference.launcherConfigurations.get(key);
  const starshipLaunch = (l: LaunchRecord): boolean =>
    (l.program ?? []).includes(STARSHIP.program) ||
    ((configuration(l.rocket.configuration)?.families as string[] | undefined) ?? []).includes(STARSHIP.family);
  const starshipEvent = (e: EventRecord): boolean => (e.program ?? []).includes(STARSHIP.program);
  const launches = {
    upcoming: collections.upcomingLaunches.filter(starshipLaunch),
    previous: collections.previousLaunches.filter(starshipLaunch),
  };
  const events = {
    upcoming: collections.upcomingEvents.filter(starshipEvent),
    previous: collections.previousEvents.filter(starshipEvent),
  };
  const updates = [...data.launches.filter(starshipLaunch), ...data.events.filter(starshipEvent)]
    .flatMap((record): Array<JsonObject | string> => record.updates ?? [])
    .map(shape.declared.updates.normal)
    .sort((a, b) => String(b.created_on).localeCompare(String(a.created_on)) || Number(b.id) - Number(a.id));
  const vehicles = [...data.reference.launchers]
    .filter(
      ([, l]) =>
        typeof l.launcher_config === 'string' &&
        ((configuration(l.launcher_config)?.families as string[] | undefined) ?? []).includes(STARSHIP.family),
    )
    .sort(([, a], [, b]) => a.id - b.id)
    .map(([key]) => shape.declared.launchers.detailed(key));
  const held = data.starshipDashboard ?? {};
  return {
    response_mode: 'normal',
    updates,
    // LL2's VidURLs: title and description null where LL2 gave none.
    live_streams: (held.live_streams ?? []).map((s) => ({
      title: s.title ?? null,
      description: s.description ?? null,
      image: s.image,
      url: s.url,
    })),
    road_closures: (held.road_closures ?? []).map((c) => ({
      id: c.id,
      title: c.title,
      status: { id: c.status.id, name: c.status.name },
      window_start: c.window_start,
      window_end: c.window_end,
    })),
    notices: (held.notices ?? []).map((n) => ({
      id: n.id,
      type: { id: n.type.id, name: n.type.name },
      date: n.date,
      url: n.url,
    })),
    vehicles,
    orbiters: (held.orbiters ?? []).map((key) => shape.declared.spacecraft.normal(key) as JsonObject),
    upcoming: { launches: launches.upcoming.map(shape.launchNormal), events: events.upcoming.map(shape.eventNormal) },
    previous: { launches: launches.previous.map(shape.launchNormal), events: events.previous.map(shape.eventNormal) },
  };
}

/** The derived views' files. */
export const derivedViews = (context: BuildContext): OutputFile[] => [
  apiFile('dashboard/starship/index.json', starshipDashboard(context)),
  apiFile('api-throttle/index.json', apiThrottle()),
];
