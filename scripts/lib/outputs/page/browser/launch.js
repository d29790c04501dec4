// One launch (launch.html?id=<uuid>) in the browser, after core.js. Defines one
// global, `LaunchView`:
//   render(launch, options)  the view of a launch's LL2 detailed JSON, as a markup tree (pure)
//   icsText(launch, options) the launch as an iCalendar file, or null when the feeds
//                            would leave it out (known only to the week or coarser) (pure)
//   start(doc, win)          fetches `<api>launches/<id>/index.json` and shows it
// The page starts it by itself; the build's tests run the pure parts in Node.

'use strict';

// eslint-disable-next-line no-unused-vars
var LaunchView = (function () {
  var C = ScheduleCore;
  var h = C.h;
  var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  function obj(value) {
    return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
  }
  function list(value) {
    return Array.isArray(value) ? value : [];
  }
  function text(value) {
    return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }

  /** A link to a map of the pad: its own map URL, else OpenStreetMap at its coordinates. */
  function mapUrl(pad) {
    var own = C.safeUrl(pad.map_url);
    if (own) return own;
    var lat = Number(pad.latitude);
    var lon = Number(pad.longitude);
    if (pad.latitude === null || pad.longitude === null || !Number.isFinite(lat) || !Number.isFinite(lon)) return null;
    return 'https://www.openstreetmap.org/?mlat=' + lat + '&mlon=' + lon + '#map=14/' + lat + '/' + lon;
  }

  /** Links of a launch and its mission, without repeats, as LL2 orders them. */
  function links(launch, field) {
    var seen = {};
    return list(launch[field]).concat(list(obj(launch.mission)[field])).filter(function (link) {
      var url = C.safeUrl(obj(link).url);
      if (!url || seen[url]) return false;
      seen[url] = true;
      return true;
    });
  }

  function fact(label, value) {
    return value === null || value === '' || (Array.isArray(value) && value.length === 0) ? null : [h('dt', {}, label), h('dd', {}, value)];
  }

  function section(id, heading, content) {
    return h('section', { 'aria-labelledby': id }, h('h2', { id: id }, heading), content);
  }

  function linkList(items, label) {
    return h('ul', { class: 'links' }, items.map(function (link) {
      var name = text(link.title) || text(link.publisher) || text(link.source) || link.url;
      var extra = C.joined([link.live ? 'live' : null, text(link.language && link.language.name)], ', ');
      return h('li', {}, h('a', { href: C.safeUrl(link.url) }, label ? label + ': ' + name : name), extra.length ? [' (', extra, ')'] : null);
    }));
  }

  /** A time of the data, as a `<time>` that localize() shows in the reader's zone. */
  function moment(timestamp) {
    return C.netParts(timestamp, C.PRECISION.minute, null);
  }

  /**
   * The view of one launch (LL2 detailed mode). options: {api, schedule, now}:
   * the API root and the schedule page (relative links), and the instant that
   * decides whether a countdown is shown.
   */
  function render(launch, options) {
    var status = obj(launch.status);
    var precision = obj(launch.net_precision);
    var precisionId = typeof precision.id === 'number' ? precision.id : null;
    var provider = obj(launch.launch_service_provider);
    var configuration = obj(obj(launch.rocket).configuration);
    var mission = launch.mission ? obj(launch.mission) : null;
    var orbit = mission ? obj(mission.orbit) : {};
    var pad = obj(launch.pad);
    var location = obj(pad.location);
    var when = C.describeNet(launch.net, precisionId);
    var state = C.launchState(status.id, launch.net, precisionId, options.now);
    var countdown = when.countdown && state === 'ahead' && Date.parse(launch.net) > options.now
      ? h('span', { class: 'countdown', role: 'timer', 'data-net': launch.net, 'data-kind': when.countdown })
      : null;
    var timed = C.precisionClass(precisionId) === 'timed';
    var windowText = timed && launch.window_start && launch.window_end && launch.window_start !== launch.window_end
      ? [moment(launch.window_start), ' to ', moment(launch.window_end)]
      : null;
    var map = mapUrl(pad);
    var updates = list(launch.updates).slice().sort(function (a, b) { return text(b.created_on) < text(a.created_on) ? -1 : text(b.created_on) > text(a.created_on) ? 1 : 0; });
    var webcasts = links(launch, 'vid_urls');
    var infos = links(launch, 'info_urls');
    var programs = list(launch.program).map(function (p) { return text(obj(p).name); }).filter(Boolean);

    return h('div', { class: 'launch-body' },
      h('p', { class: 'net' }, C.statusBadge(status.id, status, state), ' ' + C.netLabel(state) + ' ', C.netParts(launch.net, precisionId, location.timezone_name), countdown ? ' ' : null, countdown),
      status.description ? h('p', { class: 'muted' }, text(status.description)) : null,
      h('dl', { class: 'facts' },
        fact('Status', text(status.name)),
        fact('Window', windowText),
        fact('Probability', typeof launch.probability === 'number' ? launch.probability + ' %' : null),
        fact('Weather', text(launch.weather_concerns)),
        fact('Failure', text(launch.failreason)),
        fact('Provider', C.joined([text(provider.name), text(obj(provider.type).name)], ' · ')),
        fact('Rocket', text(configuration.full_name) || text(configuration.name)),
        fact('Pad', C.joined([text(pad.name), text(location.name), map ? h('a', { href: map }, 'Map') : null], ' · ')),
        fact('Program', programs.join(', '))),
      mission ? section('mission-heading', 'Mission', [
        h('p', {}, h('strong', {}, text(mission.name)), ' · ', C.joined([text(mission.type), text(orbit.name)], ' · ')),
        text(mission.description) ? h('p', {}, text(mission.description)) : null,
        list(mission.agencies).length ? h('p', {}, 'Agencies: ', list(mission.agencies).map(function (a) { return text(obj(a).name); }).join(', ')) : null,
      ]) : null,
      section('watch-heading', 'Webcasts and links', [
        webcasts.length ? linkList(webcasts, 'Webcast') : h('p', {}, 'No webcast is known yet.'),
        infos.length ? linkList(infos, null) : null,
      ]),
      section('updates-heading', 'Updates', [
        updates.length
          ? h('ol', { class: 'updates' }, updates.map(function (u) {
            var info = C.safeUrl(u.info_url);
            return h('li', {}, h('p', { class: 'meta' }, moment(text(u.created_on)), u.created_by ? ' · ' + text(u.created_by) : null),
              u.comment ? h('p', {}, text(u.comment)) : null, info ? h('p', {}, h('a', { href: info }, 'Source')) : null);
          }))
          : h('p', {}, 'No updates recorded.'),
        h('p', { class: 'muted' }, 'Record last updated ', moment(text(launch.last_updated)), '.'),
      ]),
      h('p', { class: 'actions' },
        h('a', { class: 'calendar', hidden: true }, 'Add to calendar'),
        C.calendarTiming(precisionId) === 'none' ? h('span', { class: 'muted' }, 'No calendar entry until a day is known.') : null,
        ' ', h('a', { href: options.api + 'launches/' + encodeURIComponent(text(launch.id)) + '/index.json' }, 'Data (JSON)'),
        ' ', h('a', { href: options.schedule }, 'Back to the schedule')));
  }

  // ---- iCalendar ----

  /** RFC 5545 TEXT; angle brackets as full-width forms, as the feeds write them (some clients render HTML). */
  function icsEscape(value) {
    return String(value).replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
      .replace(/</g, '\uFF1C').replace(/>/g, '\uFF1E');
  }

  /** Folds a content line at 75 octets, never inside a UTF-8 character. */
  function fold(line) {
    var out = [];
    var current = '';
    var size = 0;
    Array.from(line).forEach(function (ch) {
      var code = ch.codePointAt(0);
      var bytes = code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
      if (size + bytes > (out.length ? 74 : 75)) {
        out.push(current);
        current = '';
        size = 0;
      }
      current += ch;
      size += bytes;
    });
    out.push(current);
    return out.join('\r\n ');
  }

  function icsTime(ms) {
    return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
  }
  function icsDay(ms) {
    return new Date(ms).toISOString().slice(0, 10).replace(/-/g, '');
  }

  /**
   * The launch as a one-event calendar, with the feeds' timing rule (calendarTiming):
   * timed from the window, all day on the NET's UTC date, or none (null).
   * options: {uid, url}: the event's UID and the page to link (absolute).
   */
  function icsText(launch, options) {
    var precision = obj(launch.net_precision);
    var timing = C.calendarTiming(typeof precision.id === 'number' ? precision.id : null);
    if (timing === 'none' || !launch.net) return null;
    var pad = obj(launch.pad);
    var where = C.joined([text(pad.name), text(obj(pad.location).name)], ', ').join('');
    var updated = Date.parse(launch.last_updated);
    var lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Launch Schedule Service//Launch page//EN', 'CALSCALE:GREGORIAN', 'BEGIN:VEVENT',
      'UID:' + options.uid, 'DTSTAMP:' + icsTime(updated), 'LAST-MODIFIED:' + icsTime(updated)];
    if (timing === 'timed') {
      var start = Date.parse(launch.window_start || launch.net);
      var end = Date.parse(launch.window_end || '');
      lines.push('DTSTART:' + icsTime(start));
      if (end > start) lines.push('DTEND:' + icsTime(end));
    } else {
      var day = Date.parse(launch.net.slice(0, 10) + 'T00:00:00Z');
      lines.push('DTSTART;VALUE=DATE:' + icsDay(day), 'DTEND;VALUE=DATE:' + icsDay(day + 86400000));
    }
    var when = C.describeNet(launch.net, typeof precision.id === 'number' ? precision.id : null);
    var description = [
      'Status: ' + (text(obj(launch.status).name) || 'unknown'),
      'Provider: ' + (text(obj(launch.launch_service_provider).name) || 'unknown'),
      'NET: ' + when.text + (when.note ? ' (' + when.note + ')' : ''),
      'Details: ' + options.url,
    ].join('\n');
    lines.push('SUMMARY:' + icsEscape(text(launch.name)), 'DESCRIPTION:' + icsEscape(description));
    if (where) lines.push('LOCATION:' + icsEscape(where));
    lines.push('URL:' + options.url, 'TRANSP:TRANSPARENT', 'END:VEVENT', 'END:VCALENDAR');
    return lines.map(fold).join('\r\n') + '\r\n';
  }

  // ---- In the browser ----

  function start(doc, win) {
    var body = doc.body;
    var api = body.getAttribute('data-api');
    var schedule = body.getAttribute('data-schedule');
    var article = doc.getElementById('launch');
    var heading = doc.getElementById('launch-heading');
    var state = doc.getElementById('launch-state');
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    var id = new URLSearchParams(win.location.search).get('id') || '';
    var done = function (message) {
      state.textContent = message;
      body.setAttribute('data-state', message ? 'failed' : 'live');
    };
    if (!UUID.test(id)) {
      heading.textContent = 'No launch chosen';
      done('This page shows one launch: open it from a launch of the schedule.');
      article.appendChild(C.toDom(h('p', {}, h('a', { href: schedule }, 'Back to the schedule')), doc));
      return;
    }
    var json = api + 'launches/' + id + '/index.json';
    fetch(json, { cache: 'no-cache' }).then(function (response) {
      if (response.status === 404) throw new Error('No launch has this id in this build (it may have been removed, or merged with another).');
      if (!response.ok) throw new Error('The launch could not be fetched (HTTP ' + response.status + ').');
      return response.json();
    }).then(function (launch) {
      doc.title = text(launch.name) + ': Launch Schedule';
      heading.textContent = text(launch.name);
      article.appendChild(C.toDom(render(launch, { api: api, schedule: schedule, now: Date.now() }), doc));
      var calendar = article.querySelector('a.calendar');
      var page = new URL(win.location.href);
      var ics = icsText(launch, { uid: body.getAttribute('data-calendar-uid').replace('{id}', id), url: page.href });
      if (ics) {
        calendar.href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
        calendar.setAttribute('download', (text(launch.slug) || id).replace(/[^a-z0-9-]+/gi, '-') + '.ics');
        calendar.hidden = false;
      }
      C.localize(article, zone);
      C.tickCountdowns(article, Date.now());
      setInterval(function () { C.tickCountdowns(article, Date.now()); }, 1000);
      done('');
    }).catch(function (error) {
      var opened = win.location.protocol === 'file:'
        ? 'Opened from a file, this page cannot read the launch\u2019s data; open its JSON instead, or serve the folder (the snapshot comes with a server).'
        : error.message;
      done(opened);
      article.appendChild(C.toDom(h('p', {}, h('a', { href: json }, 'The launch\u2019s data (JSON)'), ' · ', h('a', { href: schedule }, 'Back to the schedule')), doc));
    });
  }

  return Object.freeze({ render: render, icsText: icsText, mapUrl: mapUrl, start: start });
})();

if (typeof document !== 'undefined' && document.getElementById('launch')) LaunchView.start(document, window);
