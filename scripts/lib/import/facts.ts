// Checks of imported data against facts known independently of LL2: every
// Falcon flew for SpaceX, Sputnik 1 lifted off at 1957-10-04T19:28:34Z, no real
// launch is in the data twice, every year of the flown history is there with a
// plausible count. Pure: a data set in, one verdict per check out (`npm run facts`
// runs them on data/). Validation already proves that every reference resolves.

import type { DataSet, LaunchRecord } from '../model/records.ts';
import { DAY_MS, toMillis } from '../model/time.ts';

export interface FactCheck {
  name: string;
  ok: boolean;
  detail: string;
}

const SPACEX_ID = 121;
const SPUTNIK_1_NET = '1957-10-04T19:28:34Z';
/** Orbital launch attempts per year never passed 300 before 2025 (2024: about 260, with suborbital flights LL2 lists). */
const MAX_PER_YEAR = 400;

const providerId = (data: DataSet, launch: LaunchRecord) =>
  data.reference.agencies.get(launch.launch_service_provider)?.id;

/** Launches whose configuration is a Falcon (Falcon 1, Falcon 9, Falcon Heavy): by family, or by name. */
function falconLaunches(data: DataSet): LaunchRecord[] {
  return data.launches.filter((launch) => {
    const configuration = data.reference.launcherConfigurations.get(launch.rocket.configuration);
    if (!configuration) return false;
    const families = Array.isArray(configuration.families) ? (configuration.families as string[]) : [];
    return (
      families.some((key) => data.reference.launcherFamilies.get(key)?.name === 'Falcon') ||
      /^Falcon\b/.test(String(configuration.name))
    );
  });
}

/** Pairs of launches with the same name whose NETs are within a day: the same real launch twice, most likely. */
export function likelyTwins(launches: readonly LaunchRecord[]): [LaunchRecord, LaunchRecord][] {
  const byName = new Map<string, LaunchRecord[]>();
  for (const launch of launches) {
    const key = launch.name.trim().toLowerCase();
    byName.set(key, [...(byName.get(key) ?? []), launch]);
  }
  const twins: [LaunchRecord, LaunchRecord][] = [];
  for (const group of byName.values()) {
    const sorted = [...group].sort((a, b) => toMillis(a.net) - toMillis(b.net));
    for (let i = 1; i < sorted.length; i++) {
      if (toMillis(sorted[i].net) - toMillis(sorted[i - 1].net) <= DAY_MS) twins.push([sorted[i - 1], sorted[i]]);
    }
  }
  return twins;
}

export function launchesPerYear(launches: readonly LaunchRecord[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const launch of launches) {
    const year = Number(launch.net.slice(0, 4));
    counts.set(year, (counts.get(year) ?? 0) + 1);
  }
  return new Map([...counts].sort(([a], [b]) => a - b));
}

export function checkFacts(data: DataSet, history: { from: number; to: number }): FactCheck[] {
  const falcons = falconLaunches(data);
  const notSpaceX = falcons.filter((l) => providerId(data, l) !== SPACEX_ID);
  const sputniks = data.launches.filter((l) => /\|\s*Sputnik 1$/.test(l.name));
  const twins = likelyTwins(data.launches);
  const years = launchesPerYear(data.launches);
  const missingYears: number[] = [];
  for (let year = history.from; year <= history.to; year++) if (!years.has(year)) missingYears.push(year);
  const crowded = [...years].filter(([, n]) => n > MAX_PER_YEAR);
  return [
    {
      name: 'every Falcon flew for SpaceX',
      ok: falcons.length > 0 && notSpaceX.length === 0,
      detail: `${falcons.length} Falcon launches${
        notSpaceX.length > 0
          ? `; not SpaceX's: ${notSpaceX
              .slice(0, 5)
              .map((l) => l.slug)
              .join(', ')}`
          : ''
      }`,
    },
    {
      name: `Sputnik 1 lifted off at ${SPUTNIK_1_NET}`,
      ok: sputniks.length === 1 && sputniks[0].net === SPUTNIK_1_NET,
      detail: sputniks.map((l) => `${l.slug}: ${l.net}`).join(', ') || 'no launch named "… | Sputnik 1"',
    },
    {
      name: 'no launch twice (same name, NETs within a day)',
      ok: twins.length === 0,
      detail:
        twins.length === 0
          ? `${data.launches.length} launches`
          : twins
              .slice(0, 5)
              .map(([a, b]) => `${a.slug} ${a.net} / ${b.slug} ${b.net}`)
              .join('; '),
    },
    {
      name: `every year ${history.from}–${history.to} has launches, none more than ${MAX_PER_YEAR}`,
      ok: missingYears.length === 0 && crowded.length === 0,
      detail:
        missingYears.length > 0
          ? `no launch in ${missingYears.join(', ')}`
          : crowded.length > 0
            ? `too many in ${crowded.map(([y, n]) => `${y} (${n})`).join(', ')}`
            : `${years.size} years`,
    },
  ];
}
