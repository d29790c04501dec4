// The query index's record packs, planned: each record of a resource as the runtime would answer it in each mode its
// lists have (from its row and its detail file), a pack of consecutive rows, and a spread provider's launches in
// packs of their own. Each is re-made only when the input keys of its rows change. In: the build context, the head
// and records. Out: planned files.

import type { BuildContext } from '../api/context.ts';
import { lazyPlannedFile, type PlannedFile } from '../api/files.ts';
import { resourceOf } from '../api/resource-table.ts';
import type { JsonObject, LaunchRecord } from '../model/records.ts';
import type { Mode } from '../api/shapes/kit.ts';
import { tableOf, type TableName } from '../query/endpoints.ts';
import {
  QUERY_INDEX_FORMAT,
  type QueryIndex,
  type QueryIndexHead,
  type ResourceColumns,
} from '../query/index-format.ts';
import { columnFileRows, partColumns, partText } from '../query/part-text.ts';
import {
  packFile,
  packText,
  partOfPack,
  PROVIDER_PACK_ROWS,
  providerPackFile,
  packRows,
} from '../query/record-packs.ts';
import { loadIndex } from '../query/whole-index.ts';
import { recordText } from '../query/resource-table.ts';
import { providersOf } from './query-index-columns.ts';

/**
 * One resource's record packs (index-format.ts), for each mode its lists answer:
 * each record as the runtime would make it from its row and its detail file
 * (resource-table.ts, recordText), the row decoded from the part text the runtime
 * reads. Each pack is re-made only when the input keys of its rows change.
 */
export function packs<T>(
  context: BuildContext,
  head: Omit<QueryIndex, 'resources'> & Pick<QueryIndexHead, 'rows'>,
  resource: TableName,
  records: readonly T[],
  keyOf: (record: T) => string,
  columnsOf: (records: readonly T[]) => object,
): PlannedFile[] {
  const pack = packMaker(context, head, resource, columnsOf);
  const files: PlannedFile[] = [];
  for (const mode of [...tableOf(resource).modes].sort()) {
    const size = packRows(resource, mode);
    for (let n = 0; n * size < records.length; n++) {
      const slice = records.slice(n * size, (n + 1) * size);
      // The pack names its part by the rowsHash of the part's ids, which the head holds.
      const partRows = head.rows[resource][partOfPack(resource, mode, n)];
      const inputs = `query index ${QUERY_INDEX_FORMAT} ${resource} ${mode} pack ${n} of part ${partRows}\n${slice.map(keyOf).join(',')}`;
      files.push(pack(packFile(resource, mode, n), inputs, mode, slice, partRows));
    }
  }
  return files;
}

/**
 * A planned record pack of some of a resource's records in a mode, named by `rows` (a rowsHash the head holds):
 * each record as the runtime would make it from its row and its detail file (resource-table.ts, recordText), the
 * row decoded from the part text the runtime reads.
 */
function packMaker<T>(
  context: BuildContext,
  head: Omit<QueryIndex, 'resources'>,
  resource: TableName,
  columnsOf: (records: readonly T[]) => object,
): (file: string, inputs: string, mode: Mode, slice: readonly T[], rows: string) => PlannedFile {
  const table = tableOf(resource);
  let detailed: ((record: T) => JsonObject) | undefined;
  const detailedObject = (record: T): JsonObject =>
    (detailed ??= resourceOf(resource).detailed(context) as (record: T) => JsonObject)(record);
  const detailText = (record: T): string => context.json.serialize(detailedObject(record)).render();
  return (file, inputs, mode, slice, rows) =>
    lazyPlannedFile(file, inputs, () => {
      const columns = partColumns(partText(columnsOf(slice)));
      const decoded = loadIndex({ ...head, resources: { [resource]: columns } as unknown as ResourceColumns }).rows[
        resource
      ];
      return packText(
        rows,
        decoded.map((row, i) =>
          recordText(
            table,
            row,
            mode,
            () => detailText(slice[i]),
            () => detailedObject(slice[i]),
          ),
        ),
      );
    });
}

/**
 * The launches' provider packs (index-format.ts, providerPackFile) for the providers of `spread`, per mode: each
 * provider's launches in row order, as packs() writes them, named by the rows of the whole resource (columnFileRows).
 * Each is re-made when the input keys of its rows, or the rows of the resource, change.
 */
export function providerPacks(
  context: BuildContext,
  head: Omit<QueryIndex, 'resources'> & Pick<QueryIndexHead, 'rows'>,
  launches: readonly LaunchRecord[],
  spread: Partial<Record<Mode, number[]>>,
  keyOf: (record: LaunchRecord) => string,
  columnsOf: (records: readonly LaunchRecord[]) => object,
): PlannedFile[] {
  const pack = packMaker(context, head, 'launches', columnsOf);
  const providers = providersOf(context, launches);
  const allRows = columnFileRows(head.rows.launches);
  const files: PlannedFile[] = [];
  for (const [mode, ids] of Object.entries(spread) as Array<[Mode, number[]]>) {
    const size = PROVIDER_PACK_ROWS[mode]!;
    const byProvider = new Map<number, LaunchRecord[]>(ids.map((id) => [id, []]));
    launches.forEach((launch, row) => {
      byProvider.get(providers[row])?.push(launch);
    });
    for (const [provider, own] of byProvider) {
      for (let n = 0; n * size < own.length; n++) {
        const slice = own.slice(n * size, (n + 1) * size);
        const inputs = `query index ${QUERY_INDEX_FORMAT} launches ${mode} provider ${provider} pack ${n} of ${allRows}\n${slice.map(keyOf).join(',')}`;
        files.push(pack(providerPackFile(mode, provider, n), inputs, mode, slice, allRows));
      }
    }
  }
  return files;
}
