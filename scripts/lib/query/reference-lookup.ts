// The reference records a query reads by LL2 id (agencies, launcher configurations,
// pads, locations, orbits), as the index's reference tables list them: the type
// only. loaded-index.ts makes one from the reference file; the launch table's rows
// read names through it, and filters on a value reached through a column's
// reference record (a launch's location, through its pad) test the column's cells
// with it (column-cells.ts ColumnThrough).

/** Reference records by LL2 id, as the index lists them. */
export interface ReferenceLookup {
  agencies: ReadonlyMap<number, { name: string; abbrev: string }>;
  configurations: ReadonlyMap<number, { name: string; fullName: string; manufacturer: number | null }>;
  pads: ReadonlyMap<number, { name: string; location: number }>;
  locations: ReadonlyMap<number, { name: string; celestialBody: number | null }>;
  orbits: ReadonlyMap<number, { name: string; celestialBody: number | null; suborbital: boolean }>;
}
