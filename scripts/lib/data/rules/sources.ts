// A record states only what a source says: warn about one that cites none. An
// imported record names its source in its provenance (the LL2 URL it came from).

import type { EventRecord, LaunchRecord } from '../../model/records.ts';
import type { Problem } from '../problems.ts';
import { problem, type RecordSource, type Rule } from './rule.ts';

function missingSource({ record, file }: RecordSource<LaunchRecord | EventRecord>): Problem[] {
  if ((record.info_urls?.length ?? 0) + (record.vid_urls?.length ?? 0) > 0 || record.provenance?.url) return [];
  return [
    problem(
      file,
      [],
      'missing-source',
      'the record cites no source',
      'add the page that states this date or outcome to info_urls (an imported record names its source in provenance.url)',
      'warning',
    ),
  ];
}

export default {
  names: ['missing-source'],
  description: 'warns about a launch or event that cites no source',
  check: (input) => [...input.launches.flatMap(missingSource), ...input.events.flatMap(missingSource)],
} satisfies Rule;
