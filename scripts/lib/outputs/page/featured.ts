// The schedule's first section: the next launch, featured. The first launch of
// the upcoming list that is still ahead at the build clock (not flown, its NET
// not passed), from its detailed object as the API publishes it: name, provider,
// rocket and pad, its picture (LL2's image, linked from LL2's CDN with its credit
// and licence, never copied here), its NET as precisely as it is known with a
// live countdown when known to the minute or second (the HTML holds the UTC time;
// the script shows the reader's zone and ticks), and a webcast button when a
// stream is known. In: the build context. Out: the section as HTML, or '' when no
// launch is ahead.

import type { BuildContext } from '../../api/context.ts';
import type { JsonObject, LaunchRecord } from '../../model/records.ts';
import { pageCore } from './assets.ts';
import { launchPageOf } from './launch-choice.ts';
import { CORE_PATHS } from './paths.ts';

const obj = (value: unknown): JsonObject =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** The launch the schedule features: the first upcoming one still ahead at the build clock. */
export function featuredLaunch(context: BuildContext): LaunchRecord | undefined {
  const core = pageCore();
  const { netPrecisions, launchStatuses } = context.data.reference;
  return context.collections.upcomingLaunches.find((l) => {
    const precision = l.net_precision ? Number(netPrecisions.get(l.net_precision)?.id) : null;
    // 'ahead': not flown, and its NET not passed (for a NET known to the day or coarser: that day not over).
    return core.launchState(Number(launchStatuses.get(l.status)?.id), l.net, precision, context.now) === 'ahead';
  });
}

export function renderFeatured(context: BuildContext): string {
  const launch = featuredLaunch(context);
  if (!launch) return '';
  const core = pageCore();
  const { h } = core;
  const detailed = context.shape.launchDetailed(launch);
  const status = obj(detailed.status);
  const precisionId =
    typeof obj(detailed.net_precision).id === 'number' ? (obj(detailed.net_precision).id as number) : null;
  const pad = obj(detailed.pad);
  const location = obj(pad.location);
  const configuration = obj(obj(detailed.rocket).configuration);
  const rocket = text(configuration.full_name) || text(configuration.name);
  const when = core.describeNet(launch.net, precisionId);
  const webcast =
    (Array.isArray(detailed.vid_urls) ? detailed.vid_urls : [])
      .map((v) => core.safeUrl(obj(v).url))
      .find((url) => url !== null) ?? null;
  const href = core.launchHref({ id: launch.id, page: launchPageOf(context)(launch) } as never, CORE_PATHS);
  const tree = h(
    'section',
    { id: 'next-launch', class: 'featured', 'aria-labelledby': 'next-launch-heading' },
    h(
      'div',
      { class: 'featured-text' },
      h('h2', { id: 'next-launch-heading' }, 'Next launch'),
      h('h3', { class: 'featured-name' }, h('a', { href }, launch.name)),
      h(
        'p',
        { class: 'net' },
        core.statusBadge(Number(status.id), status as never, 'ahead'),
        ' NET ',
        core.netParts(launch.net, precisionId, text(location.timezone_name) || null),
      ),
      when.countdown
        ? h('p', { class: 'countdown big', role: 'timer', 'data-net': launch.net, 'data-kind': when.countdown })
        : null,
      h(
        'p',
        { class: 'meta' },
        core.joined(
          [
            text(obj(detailed.launch_service_provider).name),
            rocket,
            core.joined([text(pad.name), text(location.name)], ', '),
          ],
          ' · ',
        ),
      ),
      webcast ? h('p', {}, h('a', { class: 'button', href: webcast }, 'Watch the webcast')) : null,
    ),
    core.imageFigure(detailed.image, {
      alt: rocket ? `${rocket}, the rocket of the next launch` : 'The next launch',
      small: true,
      className: 'featured-picture',
    }),
  );
  return core.toHtml(tree);
}
