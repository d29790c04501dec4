// Cheap keys that change whenever an output file's inputs may have changed, so a
// rebuild can skip shaping and serializing what it published last time. They are
// deliberately coarse: everything every launch may read from — all reference data,
// the data-set-wide tallies, the base URL — is one "epoch"; on top of it a launch's
// key covers its record and its own counters, an event's its record and the
// records of the launches it links to. Equal keys (with the same tool version, which the publish
// manifest checks) mean identical bytes.

import { sha1 } from './digest.ts';
import type { DataSet, EventRecord, LaunchRecord } from './model.ts';
import type { DataSetStats } from './stats.ts';

export interface InputKeys {
  launch(launch: LaunchRecord): string;
  event(event: EventRecord): string;
  /**
   * The same without the launch's counters or the event's linked launches: for
   * outputs made from the record and the reference data alone (calendar entries,
   * calendars.ts). A launch that moves changes the counters of launches after it,
   * whose entries stay the same; with the full key their feeds were written again.
   */
  launchRecord(launch: LaunchRecord): string;
  eventRecord(event: EventRecord): string;
}

export function inputKeys(data: DataSet, stats: DataSetStats, baseUrl: string, apiVersion: string): InputKeys {
  const epoch = sha1(JSON.stringify({
    apiVersion,
    baseUrl,
    reference: Object.entries(data.reference).map(([kind, records]) => [kind, [...records]]),
    tallies: [stats.pads, stats.locations, stats.agencies, stats.configurations, stats.families, stats.celestialBodies].map((m) => [...m]),
  }));
  // The file's hash stands for the record where known; serializing 10,000 records costs more.
  const content = (record: object): string => data.digests?.get(record) ?? JSON.stringify(record);
  const launchKeys = new Map<string, string>();
  const launchesById = new Map(data.launches.map((l) => [l.id, l]));
  const launch = (record: LaunchRecord): string => {
    let key = launchKeys.get(record.id);
    // The counters' values in their fixed order (stats.ts) stand for the counters.
    if (key === undefined) launchKeys.set(record.id, (key = sha1(`${epoch}\n${content(record)}\n${Object.values(stats.launch.get(record.id) ?? {}).join(',')}`)));
    return key;
  };
  const recordKeys = new Map<object, string>();
  const recordOnly = (record: LaunchRecord | EventRecord): string => {
    let key = recordKeys.get(record);
    if (key === undefined) recordKeys.set(record, (key = sha1(`${epoch}\n${content(record)}`)));
    return key;
  };
  return {
    launch,
    launchRecord: recordOnly,
    eventRecord: recordOnly,
    // An event shows its launches in basic mode (shape.ts), without counters: their records stand for them.
    event: (record) => sha1(`${epoch}\n${content(record)}\n${(record.launches ?? []).map((id) => { const l = launchesById.get(id); return l ? recordOnly(l) : id; }).join(',')}`),
  };
}
