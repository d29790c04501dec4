// "Who is in space" on the schedule page (outputs/page/in-space.ts): the people
// the astronaut records say are in space, grouped by the launch that took them up,
// each group with the date LL2 said so and a plain word when that is old. On the
// schedule fixture, with three astronauts put in space by hand: two crews (a recent
// report and an old one) and one whose launch our data do not hold.

import { describe, expect, it } from 'vitest';
import type { DataSet, JsonObject, LaunchRecord, ReferenceRecord } from '../scripts/lib/model/records.ts';
import { generateScheduleFiles, NOW, scheduleDataSet } from './helpers/schedule-site.ts';

const DAY = 86_400_000;

function astronaut(template: ReferenceRecord, id: number, name: string, inSpace: boolean): ReferenceRecord {
  return { ...structuredClone(template), id, name, in_space: inSpace };
}

/** A crew on a stage with its destination, or on a stage naming a flight record (which holds the destination). */
function crew(
  launch: LaunchRecord,
  where: { destination: string } | { flight: string },
  keys: string[],
  lastUpdated: string,
): void {
  const stage: JsonObject = {
    ...where,
    launch_crew: keys.map((key, i) => ({ id: i + 1, role: null, astronaut: key })),
  };
  (launch.rocket as JsonObject).spacecraft_stage = [stage];
  launch.last_updated = lastUpdated;
}

async function inSpaceDataSet(): Promise<{ dataset: DataSet; recent: LaunchRecord; old: LaunchRecord }> {
  const dataset = await scheduleDataSet();
  const { astronauts } = dataset.reference;
  const template = astronauts.get('jessica-meir')!;
  astronauts.set('zhu', astronaut(template, 9001, 'Zhu Yangzhu', true));
  astronauts.set('ada', astronaut(template, 9002, 'Ada Example', true));
  astronauts.set('koch', astronaut(template, 9003, 'Christina Koch', true));
  astronauts.set('nobody', astronaut(template, 9004, 'Yuri Elsewhere', true));
  const past = dataset.launches
    .filter((l) => Date.parse(l.net) < NOW)
    .sort((a, b) => Date.parse(b.net) - Date.parse(a.net));
  const [recent, old] = [past[3], past[40]];
  crew(
    recent,
    { destination: 'Tiangong space station' },
    ['zhu', 'ada'],
    new Date(NOW - 2 * DAY).toISOString().replace('.000', ''),
  );
  // The fixture's spacecraft-flight-880 (spacecraft-flights.yaml) goes to the ISS.
  crew(old, { flight: 'spacecraft-flight-880' }, ['koch'], new Date(NOW - 45 * DAY).toISOString().replace('.000', ''));
  return { dataset, recent, old };
}

const panelOf = (html: string): string => {
  const start = html.indexOf('<section id="in-space"');
  return start < 0 ? '' : html.slice(start, html.indexOf('</section>', start) + '</section>'.length);
};
const text = (html: string): string => html.replace(/<[^>]+>/g, '').replace(/&#39;/g, "'");

describe('who is in space, on the schedule page', () => {
  it('lists the people LL2 reported in space by the launch that took them up, newest first, with the date of the report', async () => {
    const { dataset, recent, old } = await inSpaceDataSet();
    const html = (await generateScheduleFiles({}, dataset)).get('index.html')!.toString();
    const panel = panelOf(html);
    const groups = panel.split('<li>').slice(1).map(text);
    expect(groups).toHaveLength(3);
    expect(groups[0]).toContain(`${recent.name}, launched `);
    expect(groups[0]).toContain(', to Tiangong space station');
    // Sorted by name; the agency's abbreviation beside each.
    expect(groups[0]).toMatch(/Ada Example \(NASA\), Zhu Yangzhu \(NASA\)/);
    expect(groups[0]).toMatch(/In space as LL2 reported on .*2026\.$/);
    expect(groups[1]).toContain(`${old.name}, launched `);
    expect(groups[1]).toContain(', to ISS');
    expect(groups[1]).toContain('Christina Koch (NASA)');
    expect(groups[1]).toContain(
      '45 days before this build: they may have returned since, and LL2 has not told us yet.',
    );
    expect(groups[2]).toContain('Launch not in our data');
    expect(groups[2]).toContain('In space as LL2 reported, on a date no record of ours gives.');
    expect(text(panel)).toContain('Launch Library 2 last reported these 4 people in space.');
    // Each name links to the astronaut's record; not in space, not listed.
    expect(panel).toContain('href="2.3.0/astronauts/9001/index.json"');
    expect(panel).not.toContain('Jessica Meir');
    expect(html).toContain('<li><a href="#in-space">In space</a></li>');
  });

  it('leaves the panel and its link out when no record says anyone is in space', async () => {
    const html = (await generateScheduleFiles()).get('index.html')!.toString();
    expect(panelOf(html)).toBe('');
    expect(html).not.toContain('#in-space');
  });
});
