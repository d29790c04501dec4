// Cheap keys that change whenever an output file's inputs may have changed, so a
// rebuild can skip shaping and serializing what it published last time. They are
// deliberately coarse: all reference data and the base URL are one "epoch", and the
// data-set-wide tallies are added to it by kind: those of pads, locations and
// celestial bodies, which launches show in every mode, and those of agencies,
// rocket configurations and families, which only detailed launches show (a new
// upcoming launch changes its provider's pending count, so only details are
// checked again, not every page). On top of its epoch a launch's key covers its
// record and its own counters, an event's its record and the records of the
// launches it links to. Equal keys (with the same tool version, which the publish
// manifest checks) mean identical bytes; test/input-keys.test.ts holds the shapes to that.

import { sha1 } from '../base/digest.ts';
import type { DataSet, EventRecord, LaunchRecord } from '../model/records.ts';
import type { DataSetStats } from '../model/stats.ts';

export interface InputKeys {
  /** A launch in normal mode (collection pages). */
  launch(launch: LaunchRecord): string;
  /** A launch in detailed mode (its own resource). */
  launchDetail(launch: LaunchRecord): string;
  event(event: EventRecord): string;
  /**
   * The record and the reference data alone, without counters, tallies or linked
   * launches: for outputs made of nothing else (calendar entries, calendars.ts). A
   * launch that moves changes the counters of launches after it, whose entries stay
   * the same; with the full key their feeds were written again.
   */
  launchRecord(launch: LaunchRecord): string;
  eventRecord(event: EventRecord): string;
}

export function inputKeys(data: DataSet, stats: DataSetStats, baseUrl: string, apiVersion: string): InputKeys {
  const epoch = sha1(JSON.stringify({ apiVersion, baseUrl, reference: Object.entries(data.reference).map(([kind, records]) => [kind, [...records]]) }));
  const withTallies = (base: string, tallies: Array<Map<string, unknown>>): string => sha1(`${base}\n${JSON.stringify(tallies.map((m) => [...m]))}`);
  const normalEpoch = withTallies(epoch, [stats.pads, stats.locations, stats.celestialBodies]);
  const detailEpoch = withTallies(normalEpoch, [stats.agencies, stats.configurations, stats.families]);
  // The file's hash stands for the record where known; serializing 10,000 records costs more.
  const content = (record: object): string => data.digests?.get(record) ?? JSON.stringify(record);
  // Each record's key is made once: pages, details and feeds ask for the same records.
  const memo = <T extends object>(make: (record: T) => string) => {
    const keys = new Map<T, string>();
    return (record: T): string => {
      let key = keys.get(record);
      if (key === undefined) keys.set(record, (key = make(record)));
      return key;
    };
  };
  // The counters' values in their fixed order (stats.ts) stand for the counters.
  const counters = (record: LaunchRecord): string => Object.values(stats.launch.get(record.id) ?? {}).join(',');
  const launchesById = new Map(data.launches.map((l) => [l.id, l]));
  const recordOnly = memo<LaunchRecord | EventRecord>((record) => sha1(`${epoch}\n${content(record)}`));
  const launch = memo<LaunchRecord>((record) => sha1(`${normalEpoch}\n${content(record)}\n${counters(record)}`));
  return {
    launch,
    // What the normal key covers, plus the tallies only detailed launches show.
    launchDetail: memo<LaunchRecord>((record) => sha1(`${detailEpoch}\n${launch(record)}`)),
    launchRecord: recordOnly,
    eventRecord: recordOnly,
    // An event shows its launches in basic mode (shape.ts), without counters: their records stand for them.
    event: (record) => sha1(`${detailEpoch}\n${content(record)}\n${(record.launches ?? []).map((id) => { const l = launchesById.get(id); return l ? recordOnly(l) : id; }).join(',')}`),
  };
}
