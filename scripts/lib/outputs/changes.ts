// The launches' histories published beside the API (docs/history.md), never
// inside LL2's objects: `history/<uuid>.json` for each launch that has a history
// and `history/index.json` listing them; and the generator of every file of the
// histories and the change feeds (change-feeds.ts). In: the build context (its
// data's histories, the base URL); out: the files.

import type { BuildContext } from '../api/context.ts';
import { apiFile, lazyPlannedFile, type OutputFile, type PlannedFile } from '../api/files.ts';
import { API_VERSION } from '../api/paths.ts';
import { DATA_CREDIT } from '../model/credit.ts';
import { lastHeardOf, sightings, type LaunchHistory } from '../model/history.ts';
import type { JsonObject, LaunchRecord } from '../model/records.ts';
import { formatTimestamp, toMillis } from '../model/time.ts';
import { atomFeed, CHANGE_PATHS, changesIndex, jsonFeed, scopes } from './change-feeds.ts';

/** When the launch's data last heard from LL2 (model/history.ts lastHeardOf), as a timestamp, or null. */
const heardAt = (launch: LaunchRecord, history: LaunchHistory): string | null => {
  const heard = lastHeardOf(launch, history);
  return heard === null ? null : formatTimestamp(heard);
};

/** A history as published: the launch it belongs to (our id, the API's URL, its name) and what the file says, with a summary. */
export function historyDocument(context: BuildContext, launch: LaunchRecord, history: LaunchHistory): JsonObject {
  const all = sightings(history);
  const nets = [
    history.first_seen.net ?? null,
    ...(history.changes ?? []).filter((c) => c.net).map((c) => c.net![1]),
  ].filter((n): n is string => typeof n === 'string');
  const wentGo =
    (history.changes ?? []).find((c) => c.status && c.status[1] === 'go')?.seen ??
    (history.first_seen.status === 'go' ? history.first_seen.seen : null);
  return {
    launch: { id: launch.id, name: launch.name, url: `${context.baseUrl}launches/${launch.id}/` },
    summary: {
      first_seen: history.first_seen.seen,
      first_net: nets[0] ?? null,
      net: launch.net,
      slip_seconds: nets.length ? (toMillis(launch.net) - toMillis(nets[0])) / 1000 : null,
      net_changes: (history.changes ?? []).filter((c) => c.net).length,
      went_go: wentGo,
      last_change: all[all.length - 1].seen,
      last_heard_from_ll2: heardAt(launch, history),
    },
    first_seen: history.first_seen as unknown as JsonObject,
    changes: (history.changes ?? []) as unknown as JsonObject[],
    credit: `${DATA_CREDIT.name} (${DATA_CREDIT.url}), as LL2 showed it at each time`,
  };
}

/** The launches of the data that have a history, with it, by id order (a history of a launch not held is not published). */
function launchesWithHistory(context: BuildContext): Array<{ launch: LaunchRecord; history: LaunchHistory }> {
  const byId = new Map(context.data.launches.map((l) => [l.id, l]));
  return [...(context.data.history ?? [])]
    .filter(([id]) => byId.has(id))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([id, history]) => ({ launch: byId.get(id)!, history }));
}

/** The body of `history/index.json`: each launch with a history, by id order. */
export function historyIndex(context: BuildContext): JsonObject {
  const published = launchesWithHistory(context);
  return {
    count: published.length,
    results: published.map(({ launch: { id, name } }) => ({
      id,
      name,
      url: `${context.baseUrl}${CHANGE_PATHS.history(id)}`,
    })),
  };
}

/** Generator: the history documents, their index, the change feeds and theirs. */
export function changeFiles(context: BuildContext): Array<OutputFile | PlannedFile> {
  return [
    // One file a launch with history; its key is what it reads, so a rebuild rewrites only the launches whose history or record changed.
    ...launchesWithHistory(context).map(({ launch, history }) => {
      const { id } = launch;
      return lazyPlannedFile(
        `${API_VERSION}/${CHANGE_PATHS.history(id)}`,
        `history:${context.baseUrl}\n${JSON.stringify(history)}\n${launch.name}\n${launch.net}\n${heardAt(launch, history)}`,
        () => `${JSON.stringify(historyDocument(context, launch, history))}\n`,
      );
    }),
    apiFile(CHANGE_PATHS.historyIndex, historyIndex(context)),
    ...scopes(context).flatMap((scope) => [
      apiFile(scope.path.json, jsonFeed(context, scope)),
      { path: `${API_VERSION}/${scope.path.atom}`, content: atomFeed(context, scope) },
    ]),
    apiFile(CHANGE_PATHS.index, changesIndex(context)),
  ];
}
