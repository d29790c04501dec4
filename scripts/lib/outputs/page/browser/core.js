// The schedule pages' core, shared by the build and the browser. A classic script
// (no modules: it must also run from file://), run after markup.js and time.js, that
// defines one global, `ScheduleCore`. The build runs them in a `vm` context
// (page/assets.ts) to render the lists into the HTML; the browser runs the same text
// to render them again from the page's JSON, so the two cannot drift apart.
//
// In:  compact records (page/schedule-data.ts writes them):
//        launch {id, name, net, precision, status, provider, rocket, pad, mission, webcast, failreason?,
//                moved? (its NET's move in the 24 hours before the build), stopped? (its NET is
//                after our data's last word from LL2: {on, heard}), page?}
//        event  {id, name, date, precision, type, location, webcast, info}
//      and the lookups they point into: {statuses, agencies, pads, locations} by id.
// Out: the filters and their URL; a launch's and an event's list item and a list's
//      summary, as markup trees (markup.js) with NET texts (time.js); and those two
//      scripts' functions again, so that the pages' scripts read one global.
//
// Everything here is a pure function of its arguments except `localize` and
// `tickCountdowns`, which update the DOM subtree they are given. Nothing reads the
// clock, the time zone or the locale by itself: the caller passes them in.



// eslint-disable-next-line no-unused-vars
var ScheduleCore = (function () {
  var M = ScheduleMarkup;
  var T = ScheduleTime;
  var h = M.h, isEmpty = M.isEmpty, escapeHtml = M.escapeHtml, toHtml = M.toHtml, toDom = M.toDom, safeUrl = M.safeUrl;
  var formatCount = M.formatCount, fold = M.fold;
  var PRECISION = T.PRECISION, precisionClass = T.precisionClass, calendarTiming = T.calendarTiming;
  var dateParts = T.dateParts, dayText = T.dayText, utcDateTimeText = T.utcDateTimeText, describeNet = T.describeNet;
  var countdownText = T.countdownText, durationText = T.durationText, shiftText = T.shiftText;

  // ---- Filters --------------------------------------------------------------

  /** The URL parameters of the filters: LL2's own names for the same filters on launches. */
  var FILTER_PARAMS = { providers: 'lsp__id', locations: 'location__ids', statuses: 'status__ids', search: 'search' };
  var SEARCH_MAX = 200;

  function idList(value) {
    var ids = [];
    String(value || '').split(',').forEach(function (part) {
      var n = Number(part.trim());
      if (part.trim() !== '' && Number.isInteger(n) && n >= 0 && ids.indexOf(n) < 0) ids.push(n);
    });
    return ids;
  }

  /** The filter a query string (`?lsp__id=121&search=starlink`) asks for; junk is ignored. */
  function parseFilter(query) {
    var params = new URLSearchParams(query || '');
    return {
      providers: idList(params.get(FILTER_PARAMS.providers)),
      locations: idList(params.get(FILTER_PARAMS.locations)),
      statuses: idList(params.get(FILTER_PARAMS.statuses)),
      search: (params.get(FILTER_PARAMS.search) || '').trim().slice(0, SEARCH_MAX),
    };
  }

  /** The query string of a filter, parameters in a fixed order; '' for no filter. */
  function filterQuery(filter) {
    var params = new URLSearchParams();
    ['providers', 'locations', 'statuses'].forEach(function (key) {
      if (filter[key].length) params.set(FILTER_PARAMS[key], filter[key].join(','));
    });
    if (filter.search) params.set(FILTER_PARAMS.search, filter.search);
    var query = params.toString();
    return query ? '?' + query : '';
  }

  function isFiltered(filter) {
    return filter.providers.length + filter.locations.length + filter.statuses.length > 0 || filter.search !== '';
  }

  /** Search words as Django REST framework's SearchFilter splits them: on spaces and commas; all must match. */
  function searchWords(search) {
    return fold(search).split(/[\s,]+/).filter(Boolean);
  }

  function matchesWords(words, fields) {
    if (!words.length) return true;
    var haystack = fold(fields.filter(Boolean).join('\n'));
    return words.every(function (word) { return haystack.indexOf(word) >= 0; });
  }

  function launchContext(record, lookups) {
    var pad = lookups.pads[record.pad] || {};
    return {
      status: lookups.statuses[record.status] || {},
      provider: lookups.agencies[record.provider] || {},
      pad: pad,
      location: lookups.locations[pad.location] || {},
    };
  }

  /**
   * Whether a launch passes the filter: its provider, its pad's location and its
   * status among those chosen (any, where none is chosen), and every search word
   * in its name, mission, provider, rocket, pad or location.
   */
  function launchMatches(record, lookups, filter) {
    var c = launchContext(record, lookups);
    if (filter.providers.length && filter.providers.indexOf(record.provider) < 0) return false;
    if (filter.locations.length && filter.locations.indexOf(c.pad.location) < 0) return false;
    if (filter.statuses.length && filter.statuses.indexOf(record.status) < 0) return false;
    var mission = record.mission || {};
    return matchesWords(searchWords(filter.search), [
      record.name, mission.name, mission.type, mission.orbit, c.provider.name, c.provider.abbrev, record.rocket, c.pad.name, c.location.name,
    ]);
  }

  /** Events have no provider or status: only the search words filter them (name, type, location). */
  function eventMatches(event, filter) {
    return matchesWords(searchWords(filter.search), [event.name, event.type, event.location]);
  }

  // ---- Items ----------------------------------------------------------------

  /** A CSS class per LL2 launch status id, for its colour (the text says it too). */
  var STATUS_CLASSES = { 1: 'go', 2: 'tbd', 3: 'success', 4: 'failure', 5: 'hold', 6: 'flight', 7: 'partial', 8: 'tbd', 9: 'success' };

  /** Status ids that say the rocket lifted off: success, failure, in flight, partial failure, payload deployed. */
  var FLOWN = { 3: true, 4: true, 6: true, 7: true, 9: true };
  var DAY_MS = 86400000;

  /**
   * What can honestly be said of a launch at the instant `nowMs`:
   *   'flown'    its status says it lifted off: "Launched <time>", not "NET";
   *   'overdue'  its NET (the end of the day, for a NET known to the day or coarser)
   *              has passed and its status records no outcome: a neutral badge that
   *              says so, never the green "Go" of a status that is out of date;
   *   'ahead'    otherwise.
   */
  function launchState(statusId, net, precision, nowMs) {
    if (FLOWN[statusId]) return 'flown';
    var ms = typeof net === 'string' ? Date.parse(net) : NaN;
    if (Number.isNaN(ms) || typeof nowMs !== 'number') return 'ahead';
    var end = precisionClass(typeof precision === 'number' ? precision : null) === 'timed' ? ms : ms + DAY_MS;
    return end < nowMs ? 'overdue' : 'ahead';
  }

  /** The words before a launch's time: "NET" (no earlier than), or "Launched" once it has. */
  function netLabel(state) {
    return state === 'flown' ? 'Launched' : 'NET';
  }

  function statusBadge(id, status, state, stopped) {
    if (state === 'overdue' && stopped) {
      return h('span', { class: 'status unknown', title: 'Last status in our data: ' + (status.name || 'unknown') + '; our data stopped before its NET' }, 'Our data stopped before its NET');
    }
    if (state === 'overdue') {
      return h('span', { class: 'status unknown', title: 'Last status: ' + (status.name || 'unknown') + '; its NET has passed' }, 'Outcome not yet recorded');
    }
    return h('span', { class: 'status ' + (STATUS_CLASSES[id] || 'tbd'), title: status.name || null }, status.abbrev || status.name || 'Unknown');
  }

  /** The `<time>` of a NET with its note; localize() later rewrites it for the reader. */
  function netParts(timestamp, precision, siteZone) {
    var when = describeNet(timestamp, precision, { siteZone: siteZone });
    var timeAttributes = {
      datetime: timestamp || null,
      'data-precision': typeof precision === 'number' ? precision : '',
      // Only a morning or an afternoon is named in the site's zone.
      'data-site-zone': precisionClass(precision) === 'part' ? siteZone || null : null,
    };
    return [
      timestamp ? h('time', timeAttributes, when.text) : when.text,
      when.note ? h('span', { class: 'note' }, ' (' + when.note + ')') : null,
    ];
  }

  /** A fragment of the non-empty parts with `separator` between them. */
  function joined(parts, separator) {
    var out = [];
    parts.filter(function (part) { return !isEmpty(part); }).forEach(function (part, i) {
      if (i) out.push(separator);
      out.push(part);
    });
    return out;
  }

  /** Where a launch is shown: its own page when the build wrote one (`record.page`), else the launch view by id. */
  function launchHref(record, paths) {
    return record.page ? (paths.root || '') + record.page : paths.launchView + '?id=' + encodeURIComponent(record.id);
  }

  /**
   * One launch of a list. `paths.launchView` is the launch view by id (`paths.root`
   * leads from the page to the site root, for launches with a page of their own);
   * `list` is 'upcoming' (with a countdown where the NET allows one) or 'previous';
   * `nowMs` is the instant whose state is shown (the build's clock in the HTML,
   * the reader's when the browser renders again): launchState().
   */
  function launchItem(record, lookups, paths, list, nowMs) {
    var c = launchContext(record, lookups);
    var when = describeNet(record.net, record.precision);
    var state = launchState(record.status, record.net, record.precision, nowMs);
    var mission = record.mission;
    var webcast = safeUrl(record.webcast);
    var countdown = list === 'upcoming' && when.countdown && state === 'ahead'
      ? h('span', { class: 'countdown', role: 'timer', 'data-net': record.net, 'data-kind': when.countdown })
      : null;
    return h('li', { class: 'launch' },
      h('h3', {}, h('a', { href: launchHref(record, paths) }, record.name)),
      h('p', { class: 'net' }, statusBadge(record.status, c.status, state, record.stopped), ' ' + netLabel(state) + ' ', netParts(record.net, record.precision, c.location.zone), countdown ? ' ' : null, countdown),
      state === 'overdue' && record.stopped ? stoppedNote(record.stopped, c.status) : null,
      h('p', { class: 'meta' }, joined([c.provider.name, record.rocket, joined([c.pad.name, c.location.name], ', ')], ' · ')),
      mission || webcast
        ? h('p', { class: 'meta' }, joined([
          mission ? joined([mission.name, mission.type, mission.orbit], ' · ') : null,
          webcast ? h('a', { href: webcast, class: 'webcast' }, 'Webcast') : null,
        ], ' · '))
        : null,
      record.moved ? movedNote(record.moved) : null,
      record.failreason ? h('p', { class: 'outcome' }, record.failreason) : null);
  }

  /** "Sat 22 Aug 2026" as a `<time>` of a UTC day (the same words in every zone), or the raw text when it is no time. */
  function dayOf(timestamp) {
    var ms = Date.parse(timestamp);
    return Number.isNaN(ms) ? String(timestamp) : h('time', { datetime: timestamp }, dayText(dateParts(ms)));
  }

  /**
   * Whether a launch's NET passed after our data's last word from LL2 (`dataHeard`,
   * status.json's data_age.last_heard_from_ll2) and not after `nowMs`: a launch the
   * data stopped before, not one whose outcome went unrecorded. The one rule of the
   * build's pages (page/heard.ts) and of the view by id (launch.js viewById).
   */
  function stoppedBefore(net, dataHeard, nowMs) {
    var netMs = typeof net === 'string' ? Date.parse(net) : NaN;
    var stop = typeof dataHeard === 'string' ? Date.parse(dataHeard) : NaN;
    return !Number.isNaN(netMs) && !Number.isNaN(stop) && netMs > stop && netMs <= nowMs;
  }

  /**
   * What can be said of a launch whose NET passed after our data last heard from
   * LL2 (`stopped` {on: the data's last word, heard: this record's}), in place of
   * a missing outcome: the data stopped, and what LL2 said last.
   */
  function stoppedNote(stopped, status) {
    return h('p', { class: 'stopped' }, 'Our data stopped on ', dayOf(stopped.on), '; LL2\u2019s last word was \u201c' + (status.name || 'unknown') + '\u201d',
      stopped.heard ? [' on ', dayOf(stopped.heard)] : null, '.');
  }

  /**
   * The mark of a launch whose NET moved in the 24 hours before the build
   * (`record.moved`, from its history): by how much, and when it last moved.
   */
  function movedNote(moved) {
    var by = moved.seconds === 0 ? 'NET moved and came back' : 'NET moved ' + durationText(moved.seconds) + (moved.seconds > 0 ? ' later' : ' earlier');
    var seen = Date.parse(moved.seen);
    return h('p', { class: 'moved' }, h('strong', {}, by),
      ' in the 24 hours before this build' + (moved.moves > 1 ? ' (' + moved.moves + ' moves)' : '') + '; last moved ',
      Number.isNaN(seen) ? moved.seen : h('time', { datetime: moved.seen, 'data-precision': PRECISION.minute }, utcDateTimeText(seen)), '.');
  }

  /** One event of the list: its type, date, location and links. */
  function eventItem(event, paths) {
    var webcast = safeUrl(event.webcast);
    var info = safeUrl(event.info);
    return h('li', { class: 'event' },
      h('h3', {}, event.name),
      h('p', { class: 'net' }, h('span', { class: 'type' }, event.type), ' ', netParts(event.date, event.precision, null)),
      h('p', { class: 'meta' }, joined([
        event.location,
        webcast ? h('a', { href: webcast, class: 'webcast' }, 'Webcast') : null,
        info ? h('a', { href: info }, 'More information') : null,
        h('a', { href: paths.api + 'events/' + encodeURIComponent(event.id) + '/index.json' }, 'Data (JSON)'),
      ], ' · ')));
  }

  /**
   * An LL2 image object as a figure: the picture from LL2's CDN (never copied
   * here; `thumbnail_url` where `small`), and its credit and licence as the
   * object gives them. null when it has no http(s) picture.
   * options: {alt, small, lazy, className}.
   */
  function imageFigure(image, options) {
    image = image && typeof image === 'object' ? image : {};
    options = options || {};
    var src = safeUrl(options.small ? image.thumbnail_url || image.image_url : image.image_url || image.thumbnail_url);
    if (!src) return null;
    var license = image.license && typeof image.license === 'object' ? image.license : {};
    var licenseLink = safeUrl(license.link);
    var licenseName = typeof license.name === 'string' && license.name ? license.name : 'unknown';
    var credit = typeof image.credit === 'string' && image.credit ? image.credit : null;
    return h('figure', { class: 'picture' + (options.className ? ' ' + options.className : '') },
      h('img', { src: src, alt: options.alt || '', loading: options.lazy ? 'lazy' : null, decoding: 'async' }),
      h('figcaption', {}, joined([
        credit ? 'Image: ' + credit : 'Image credit not given',
        ['licence ', licenseLink ? h('a', { href: licenseLink }, licenseName) : licenseName],
        'via Launch Library 2',
      ], ' · ')));
  }

  // ---- Lists ----------------------------------------------------------------

  /** What each list holds, in words. */
  var LIST_NOUNS = { upcoming: 'upcoming launches', previous: 'past launches', events: 'upcoming events' };

  /**
   * The line under a list's heading. Of the list's `total` records, the first
   * `scanned` have been looked through and `matched` of them pass the filter;
   * `shown` are on the page.
   */
  function listSummary(list, state) {
    var noun = LIST_NOUNS[list];
    var first = function (n) {
      return list === 'previous' ? 'the ' + formatCount(n) + ' most recent' : 'the next ' + formatCount(n);
    };
    if (state.total === 0) return 'None in this build.';
    if (!state.filtered) {
      if (state.shown >= state.total) return 'All ' + formatCount(state.total) + ' ' + noun + '.';
      var text = first(state.shown) + ' of ' + formatCount(state.total) + ' ' + noun + '.';
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
    var matched = state.matched === 0 ? 'None' : formatCount(state.matched);
    var shown = state.shown < state.matched ? ' (' + formatCount(state.shown) + ' shown)' : '';
    if (state.scanned >= state.total) return matched + ' of ' + formatCount(state.total) + ' ' + noun + ' match' + shown + '.';
    return matched + ' match among ' + first(state.scanned) + ' of ' + formatCount(state.total) + ' ' + noun + shown + '; show more to search further.';
  }

  // ---- In the browser: the reader's time ---------------------------------

  /** Rewrites every NET `<time>` under `root` in the reader's zone, adding the UTC wording beside it. */
  function localize(root, zone, locale) {
    root.querySelectorAll('time[data-precision]').forEach(function (time) {
      var raw = time.getAttribute('data-precision');
      var when = describeNet(time.getAttribute('datetime'), raw === '' ? null : Number(raw), {
        zone: zone, locale: locale, siteZone: time.getAttribute('data-site-zone'),
      });
      time.textContent = when.text;
      var next = time.nextElementSibling;
      var utc = next && next.classList.contains('utc') ? next : null;
      if (when.utc) {
        if (!utc) {
          utc = time.ownerDocument.createElement('span');
          utc.className = 'utc';
          time.after(utc);
        }
        utc.textContent = ' (' + when.utc + ')';
      } else if (utc) {
        utc.remove();
      }
    });
  }

  /** Sets every countdown under `root` for the instant `nowMs`. */
  function tickCountdowns(root, nowMs) {
    root.querySelectorAll('.countdown[data-net]').forEach(function (node) {
      var text = countdownText(Date.parse(node.getAttribute('data-net')), nowMs, node.getAttribute('data-kind'));
      if (node.textContent !== text) node.textContent = text;
    });
  }

  return Object.freeze({
    obj: M.obj, list: M.list, text: M.text,
    h: h, escapeHtml: escapeHtml, toHtml: toHtml, toDom: toDom, safeUrl: safeUrl, formatCount: formatCount,
    PRECISION: PRECISION, precisionClass: precisionClass, calendarTiming: calendarTiming, dateParts: dateParts,
    describeNet: describeNet, countdownText: countdownText, durationText: durationText, shiftText: shiftText,
    FILTER_PARAMS: FILTER_PARAMS, parseFilter: parseFilter, filterQuery: filterQuery, isFiltered: isFiltered,
    launchMatches: launchMatches, eventMatches: eventMatches,
    launchState: launchState, netLabel: netLabel, launchHref: launchHref,
    imageFigure: imageFigure, statusBadge: statusBadge, stoppedBefore: stoppedBefore, stoppedNote: stoppedNote, netParts: netParts, joined: joined, launchItem: launchItem, eventItem: eventItem, LIST_NOUNS: LIST_NOUNS, listSummary: listSummary,
    localize: localize, tickCountdowns: tickCountdowns,
  });
})();
