// One launch in the browser, after core.js and calendar.js, and at build time (page/launch-pages.ts
// runs it in a `vm` context to write launch/<slug>.html). Defines one global, `LaunchView`:
//   render(launch, options)  the view of a launch's LL2 detailed JSON, as a markup tree (pure):
//                            status, time, image, rocket, boosters and landings, spacecraft
//                            and crew, mission and patches, timeline, webcasts, updates
//   icsText(launch, options) calendar.js's, handed on: the launch as an iCalendar file (pure)
//   history(doc, options)    the section "History of this launch's date", from the launch's history
//                            document (`<api>history/<id>.json`), or null without one (pure)
//   viewById(launch, doc, o) the view by id: render() with its "last heard from LL2" line, that the data
//                            stopped before its NET (where it did), and history() (pure)
//   start(doc, win)          launch.html?id=<uuid>: fetches `<api>launches/<id>/index.json` and its history
//                            document, and shows viewById()
//   enhance(doc)             a page the build wrote: its times in the reader's zone, its countdown
// The page starts one of them by itself; the build's tests run the pure parts in Node.



// eslint-disable-next-line no-unused-vars
var LaunchView = (function () {
  var C = ScheduleCore;
  var h = C.h;
  var UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

  var obj = C.obj, list = C.list, text = C.text;
  var icsText = LaunchCalendar.icsText, icsFileName = LaunchCalendar.icsFileName;

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

  /** "T−1:00:00", "T+0:02:30": an ISO 8601 duration of LL2's timeline ("-PT1H", "P1DT2H") from T-0. */
  function relativeTime(duration) {
    var m = /^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(text(duration));
    if (!m) return text(duration);
    var seconds = Math.round(((Number(m[2] || 0) * 24 + Number(m[3] || 0)) * 60 + Number(m[4] || 0)) * 60 + Number(m[5] || 0));
    var hours = Math.floor(seconds / 3600);
    var rest = Math.floor((seconds % 3600) / 60);
    var secs = seconds % 60;
    return 'T' + (m[1] ? '\u2212' : '+') + hours + ':' + (rest < 10 ? '0' : '') + rest + ':' + (secs < 10 ? '0' : '') + secs;
  }

  function yesNo(value, yes, no) {
    return value === true ? yes : value === false ? no : null;
  }

  /** A landing: what was tried, where, and how it went, as the record says. */
  function landingText(landing, ahead) {
    if (!landing || typeof landing !== 'object') return null;
    var where = obj(landing.landing_location);
    var type = obj(landing.type);
    var outcome = landing.attempt === false ? 'no landing attempt'
      : landing.success === true ? 'landed' : landing.success === false ? 'landing failed'
        : ahead ? 'landing planned' : 'landing outcome not recorded';
    return C.joined([
      outcome,
      C.joined([text(type.name) || text(type.abbrev), text(where.name) || text(where.abbrev)], ' on '),
      text(landing.description),
    ], ' · ');
  }

  /**
   * Days since the booster's previous flight: 2.3.0's `turn_around_time` is an ISO 8601
   * duration (P41DT3H…); 2.2.0's `turn_around_time_days` a number, kept for older files.
   */
  function turnaroundText(stage) {
    var match = typeof stage.turn_around_time === 'string' ? /^P(?:(\d+)D)?/.exec(stage.turn_around_time) : null;
    var days = match ? Number(match[1] || 0) : stage.turn_around_time_days;
    return typeof days === 'number' ? days + ' days since its previous flight' : null;
  }

  /** The boosters and stages of the rocket: serial number, its flight number, reuse and landing. */
  function boosterItems(stages, ahead) {
    return stages.map(function (stage) {
      var launcher = obj(stage.launcher);
      var flight = typeof stage.launcher_flight_number === 'number' ? 'flight ' + stage.launcher_flight_number : null;
      return h('li', {},
        h('strong', {}, text(launcher.serial_number) || 'Serial number not known'),
        ' ', C.joined([text(stage.type), flight, yesNo(stage.reused, 'flown before', 'first flight'),
          turnaroundText(stage)], ' · '),
        stage.landing ? h('p', {}, 'Landing: ', landingText(stage.landing, ahead)) : null);
    });
  }

  /** Crew of a spacecraft flight: role, name and agency. */
  function crewItems(crew) {
    return list(crew).map(function (member) {
      var astronaut = obj(member.astronaut);
      var agency = obj(astronaut.agency);
      return h('li', {}, C.joined([text(obj(member.role).role), text(astronaut.name)], ': '), text(agency.abbrev) || text(agency.name) ? ' (' + (text(agency.abbrev) || text(agency.name)) + ')' : null);
    });
  }

  function spacecraftItems(stages, ahead) {
    return stages.map(function (stage) {
      var craft = obj(stage.spacecraft);
      var config = obj(craft.spacecraft_config);
      var crews = [['Launch crew', stage.launch_crew], ['On board', stage.onboard_crew], ['Landing crew', stage.landing_crew]]
        .filter(function (pair) { return list(pair[1]).length; });
      return h('li', {},
        h('strong', {}, C.joined([text(craft.name) || text(config.name) || (stage.spacecraft ? 'Spacecraft' : 'Crew'), text(craft.serial_number)], ' ')),
        ' ', C.joined([text(config.name), text(stage.destination) ? 'to ' + text(stage.destination) : null], ' · '),
        crews.map(function (pair) { return [h('p', {}, pair[0] + ':'), h('ul', { class: 'crew' }, crewItems(pair[1]))]; }),
        stage.landing ? h('p', {}, 'Landing: ', landingText(stage.landing, ahead)) : null);
    });
  }

  /**
   * When this launch's data last heard from LL2, as its sources state it (the
   * build's launch pages; the view by id from the history document, viewById):
   * a time, or null when no source of the record is LL2; undefined: no line.
   */
  function heardNote(heard) {
    if (heard === undefined) return null;
    if (heard === null) return h('p', { class: 'heard' }, 'No source of this launch\u2019s data is Launch Library 2.');
    return h('p', { class: 'heard' }, 'This launch\u2019s data last heard from Launch Library 2 on ', moment(heard), '.');
  }

  /** "2030-02-15 09:00:00 UTC" as a `<time>`: a moment of the history, in UTC as the history states it. */
  function utcMoment(timestamp) {
    return h('time', { datetime: timestamp }, timestamp.replace('T', ' ').replace('Z', ' UTC'));
  }

  /**
   * Each NET a history document gave the launch, oldest first: {seen, net, status}, the
   * status being the one it had then (a key of the data, as the document states it).
   */
  function netTimeline(doc) {
    var first = obj(doc.first_seen);
    var status = typeof first.status === 'string' ? first.status : null;
    var out = typeof first.net === 'string' ? [{ seen: text(first.seen), net: first.net, status: status }] : [];
    list(doc.changes).forEach(function (change) {
      var c = obj(change);
      if (Array.isArray(c.status) && typeof c.status[1] === 'string') status = c.status[1];
      if (Array.isArray(c.net) && typeof c.net[1] === 'string') out.push({ seen: text(c.seen), net: c.net[1], status: status });
    });
    return out;
  }

  /**
   * The section "History of this launch's date" (docs/history.md), from the launch's
   * history document as the API publishes it (`history/<id>.json`): the NETs it was
   * given, when each was seen and the status then, how far it slipped since first
   * seen and when it went Go (the document's summary), and a link to the document.
   * options: {api, statuses}: the API root (relative link) and the statuses' names by
   * the keys the history uses. null without a document (a launch with no history).
   */
  function historyTree(doc, options) {
    if (!doc || typeof doc !== 'object') return null;
    var summary = obj(doc.summary);
    var names = obj(options.statuses);
    var statusName = function (key) { return key === null ? 'not stated' : text(names[key]) || key; };
    var timeline = netTimeline(doc);
    var first = timeline[0];
    var slip = first && typeof summary.slip_seconds === 'number' ? summary.slip_seconds : null;
    var changes = Math.max(timeline.length - 1, 0);
    var go = typeof summary.went_go === 'string' ? summary.went_go : null;
    var id = text(obj(doc.launch).id);
    return h('section', { id: 'history', 'aria-labelledby': 'history-heading' },
      h('h2', { id: 'history-heading' }, "History of this launch's date"),
      h('p', {},
        first ? 'First seen ' + first.seen.slice(0, 10) + ' with NET ' + first.net.slice(0, 10) + '; ' : null,
        changes + ' NET change' + (changes === 1 ? '' : 's'),
        slip !== null ? [', ', h('strong', {}, slip === 0 ? 'no slip' : 'slipped ' + C.shiftText(slip)), ' since first seen'] : null,
        '.', go ? ' Went Go on ' + go.slice(0, 10) + '.' : null),
      h('table', { class: 'history' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Seen'), h('th', { scope: 'col' }, 'NET'), h('th', { scope: 'col' }, 'Status then'))),
        h('tbody', {}, timeline.map(function (t) {
          return h('tr', {}, h('td', {}, utcMoment(t.seen)), h('td', {}, utcMoment(t.net)), h('td', {}, statusName(t.status)));
        }))),
      h('p', {}, h('a', { href: options.api + 'history/' + encodeURIComponent(id) + '.json' }, 'The whole history (JSON)'),
        ': every change of NET, window, precision, status, probability, pad, rocket and name, when and where it was seen.'));
  }

  /**
   * When the view by id says the launch's data last heard from LL2: its history
   * document's `summary.last_heard_from_ll2` (the build's rule, model/history.ts
   * lastHeardOf, which the launch pages use), else, for a launch with no history,
   * the record's `last_updated` (LL2's field: when LL2 last changed the record).
   */
  function heardOfDocument(launch, doc) {
    if (!doc || typeof doc !== 'object') return text(launch.last_updated) || null;
    var heard = obj(doc.summary).last_heard_from_ll2;
    return typeof heard === 'string' ? heard : null;
  }

  /**
   * The view by id (launch.html?id=…) of a launch and its history document (null
   * when it has none): the launch's view with its "last heard from LL2" line, that
   * our data stopped before its NET where it did, and its history section, as a
   * launch's own page has them. options: those of render, with `statuses` for the
   * history and `dataHeard`, the data's last word from LL2 (launch.html's
   * `data-last-heard`, status.json's data_age.last_heard_from_ll2; null: none).
   */
  function viewById(launch, doc, options) {
    var heard = heardOfDocument(launch, doc);
    var dataHeard = typeof options.dataHeard === 'string' ? options.dataHeard : null;
    var stopped = C.stoppedBefore(launch.net, dataHeard, options.now) ? { on: dataHeard, heard: heard } : null;
    return [render(launch, Object.assign({}, options, { heard: heard, stopped: stopped })), historyTree(doc, options)];
  }

  /**
   * The view of one launch (LL2 detailed mode). options: {api, schedule, now,
   * calendar?, crewStages?, heard?, stopped?}: the API root and the schedule page (relative links),
   * the instant that decides its state and whether a countdown is shown, the "Add
   * to calendar" link when the caller has one (the build writes the file into it),
   * and crews the detailed object cannot hold (stages without their spacecraft,
   * as the build reads them from the record); when the launch's data last heard
   * from LL2 (`heard`), and, for a NET after the data's last word, `stopped`
   * {on, heard} (core.js stoppedNote).
   */
  function render(launch, options) {
    var status = obj(launch.status);
    var precision = obj(launch.net_precision);
    var precisionId = typeof precision.id === 'number' ? precision.id : null;
    var provider = obj(launch.launch_service_provider);
    var rocket = obj(launch.rocket);
    var configuration = obj(rocket.configuration);
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
    var rocketName = text(configuration.full_name) || text(configuration.name);
    var boosters = list(rocket.launcher_stage);
    // With the crews a build gives of stages the API leaves out (a crew saved without its spacecraft).
    var spacecraft = list(rocket.spacecraft_stage).concat(list(options.crewStages));
    var patches = list(launch.mission_patches).filter(function (p) { return C.safeUrl(obj(p).image_url); });
    var timeline = list(launch.timeline);
    var calendar = options.calendar || null;

    return h('div', { class: 'launch-body' },
      h('p', { class: 'net' }, C.statusBadge(status.id, status, state, options.stopped), ' ' + C.netLabel(state) + ' ', C.netParts(launch.net, precisionId, location.timezone_name), countdown ? ' ' : null, countdown),
      state === 'overdue' && options.stopped ? C.stoppedNote(options.stopped, status) : null,
      state === 'overdue' && !options.stopped ? h('p', {}, 'Its NET has passed and no outcome is recorded yet: the last status was \u201c' + (text(status.name) || 'unknown') + '\u201d.') : null,
      status.description ? h('p', { class: 'muted' }, text(status.description)) : null,
      heardNote(options.heard),
      webcasts.length ? h('p', { class: 'watch' }, h('a', { class: 'button', href: C.safeUrl(webcasts[0].url) }, 'Watch the webcast')) : null,
      C.imageFigure(launch.image || configuration.image, { alt: rocketName ? rocketName + ', the rocket of this launch' : 'The rocket of this launch', className: 'hero' }),
      h('dl', { class: 'facts' },
        fact('Status', text(status.name)),
        fact('Window', windowText),
        fact('Probability', typeof launch.probability === 'number' ? launch.probability + ' %' : null),
        fact('Weather', text(launch.weather_concerns)),
        fact('Failure', text(launch.failreason)),
        fact('Provider', C.joined([text(provider.name), text(obj(provider.type).name)], ' · ')),
        fact('Rocket', rocketName),
        fact('Pad', C.joined([text(pad.name), text(location.name), map ? h('a', { href: map }, 'Map') : null], ' · ')),
        fact('Program', programs.join(', '))),
      boosters.length ? section('boosters-heading', 'Boosters', h('ul', { class: 'stages' }, boosterItems(boosters, state === 'ahead'))) : null,
      spacecraft.length ? section('spacecraft-heading', 'Spacecraft and crew', h('ul', { class: 'stages' }, spacecraftItems(spacecraft, state === 'ahead'))) : null,
      mission ? section('mission-heading', 'Mission', [
        h('p', {}, h('strong', {}, text(mission.name)), ' · ', C.joined([text(mission.type), text(orbit.name)], ' · ')),
        text(mission.description) ? h('p', {}, text(mission.description)) : null,
        list(mission.agencies).length ? h('p', {}, 'Agencies: ', list(mission.agencies).map(function (a) { return text(obj(a).name); }).join(', ')) : null,
        patches.length ? h('ul', { class: 'patches' }, patches.map(function (patch) {
          return h('li', {}, h('img', { src: C.safeUrl(patch.image_url), alt: 'Mission patch: ' + (text(patch.name) || text(mission.name)), loading: 'lazy', decoding: 'async', width: '96', height: '96' }));
        })) : null,
      ]) : null,
      timeline.length ? section('timeline-heading', 'Timeline', h('ol', { class: 'timeline' }, timeline.map(function (event) {
        var type = obj(event.type);
        return h('li', {}, h('span', { class: 'mark' }, relativeTime(event.relative_time)), ' ', text(type.description) || text(type.abbrev) || text(type.name));
      }))) : null,
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
        h('a', { class: 'calendar', href: calendar ? calendar.href : null, download: calendar ? calendar.file : null, hidden: !calendar }, 'Add to calendar'),
        C.calendarTiming(precisionId) === 'none' ? h('span', { class: 'muted' }, 'No calendar entry until a day is known.') : null,
        ' ', h('a', { href: options.api + 'launches/' + encodeURIComponent(text(launch.id)) + '/index.json' }, 'Data (JSON)'),
        ' ', h('a', { href: options.schedule }, 'Back to the schedule')));
  }

  // ---- In the browser ----

  /**
   * A launch page the build wrote (launch/<slug>.html), complete as it is: shows
   * its times in the reader's zone and ticks its countdown.
   */
  function enhance(doc) {
    var article = doc.getElementById('launch');
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
    C.localize(article, zone);
    C.tickCountdowns(article, Date.now());
    setInterval(function () { C.tickCountdowns(article, Date.now()); }, 1000);
    doc.body.setAttribute('data-state', 'live');
  }

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
    // Its history document, where it has one (a 404 is a launch without history; any other failure, no section).
    var historyDoc = fetch(api + 'history/' + id + '.json', { cache: 'no-cache' }).then(function (response) {
      return response.ok ? response.json() : null;
    }).catch(function () { return null; });
    var statuses = {};
    try { statuses = JSON.parse(body.getAttribute('data-statuses') || '{}'); } catch (error) { statuses = {}; }
    fetch(json, { cache: 'no-cache' }).then(function (response) {
      if (response.status === 404) throw new Error('No launch has this id in this build (it may have been removed, or merged with another).');
      if (!response.ok) throw new Error('The launch could not be fetched (HTTP ' + response.status + ').');
      return Promise.all([response.json(), historyDoc]);
    }).then(function (both) {
      var launch = both[0];
      doc.title = text(launch.name) + ': Launch Schedule';
      heading.textContent = text(launch.name);
      var options = { api: api, schedule: schedule, now: Date.now(), statuses: statuses, dataHeard: body.getAttribute('data-last-heard') || null };
      viewById(launch, both[1], options).forEach(function (tree) {
        if (tree) article.appendChild(C.toDom(tree, doc));
      });
      var calendar = article.querySelector('a.calendar');
      var page = new URL(win.location.href);
      var ics = icsText(launch, { uid: body.getAttribute('data-calendar-uid').replace('{id}', id), url: page.href });
      if (ics) {
        calendar.href = URL.createObjectURL(new Blob([ics], { type: 'text/calendar' }));
        calendar.setAttribute('download', icsFileName(launch));
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

  return Object.freeze({ render: render, history: historyTree, viewById: viewById, icsText: icsText, icsFileName: icsFileName, relativeTime: relativeTime, mapUrl: mapUrl, start: start, enhance: enhance });
})();

if (typeof document !== 'undefined' && document.getElementById('launch')) {
  if (document.getElementById('launch').hasAttribute('data-built')) LaunchView.enhance(document);
  else LaunchView.start(document, window);
}
