// NET texts for the schedule pages, shared by the build and the browser. A classic
// script (no modules: it must also run from file://) that defines one global,
// `ScheduleTime`, used by core.js and launch.js.
//
// In:  an instant (ISO text or milliseconds), an LL2 precision id (`net_precision.id`,
//      `date_precision.id`), and the time zone and locale to write it in.
// Out: the NET as people read it at that precision ("June 2026", "Q3 2026", "12 June
//      2026, 14:30 UTC"), with the UTC wording beside a local one; countdowns;
//      lengths and shifts of time. All pure: nothing reads the clock, the time zone
//      or the locale by itself; the caller passes them in.



// eslint-disable-next-line no-unused-vars
var ScheduleTime = (function () {
  // ---- Time -----------------------------------------------------------------

  /** LL2 NET precision ids (`net_precision.id`, `date_precision.id`). */
  var PRECISION = {
    second: 0, minute: 1, hour: 2, morning: 3, afternoon: 4, day: 5, week: 6, month: 7,
    quarter1: 8, quarter4: 11, half1: 12, half2: 13, year: 14, fiscalYear: 15, decade: 16,
  };
  var MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  var WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

  function pad2(n) {
    return (n < 10 ? '0' : '') + n;
  }

  /** {year, month (1-12), day, weekday (0-6)} of an instant in a time zone; UTC when the zone is missing or unknown. */
  function dateParts(ms, zone) {
    var d = new Date(ms);
    var parts = { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
    if (zone && zone !== 'UTC') {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: 'numeric', day: 'numeric' })
          .formatToParts(d).forEach(function (p) { if (p.type in parts) parts[p.type] = Number(p.value); });
      } catch (error) {
        if (!(error instanceof RangeError)) throw error; // an unknown zone: stay with UTC
      }
    }
    parts.weekday = new Date(Date.UTC(parts.year, parts.month - 1, parts.day)).getUTCDay();
    return parts;
  }

  /** "Thu 26 Nov 2026". */
  function dayText(parts) {
    return WEEKDAYS[parts.weekday] + ' ' + parts.day + ' ' + MONTHS[parts.month - 1].slice(0, 3) + ' ' + parts.year;
  }

  /** "Wed 25 Nov 2026, 10:30 UTC" (with ":08" seconds when asked): the same text everywhere. */
  function utcDateTimeText(ms, withSeconds) {
    var d = new Date(ms);
    var time = pad2(d.getUTCHours()) + ':' + pad2(d.getUTCMinutes()) + (withSeconds ? ':' + pad2(d.getUTCSeconds()) : '');
    return dayText(dateParts(ms)) + ', ' + time + ' UTC';
  }

  /** The reader's wording of an instant in their zone and locale, e.g. "Wed, 25 Nov 2026, 19:30 GMT+9". */
  function localDateTimeText(ms, zone, locale, withSeconds) {
    var options = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZone: zone, timeZoneName: 'short' };
    if (withSeconds) options.second = '2-digit';
    try {
      return new Intl.DateTimeFormat(locale || undefined, options).format(new Date(ms));
    } catch (error) {
      if (error instanceof RangeError) return utcDateTimeText(ms, withSeconds);
      throw error;
    }
  }

  /**
   * What a precision lets the page say about a NET or an event date.
   *   timed   (null, 0 second, 1 minute, 2 hour): a date and time, in the reader's zone and in UTC
   *   part    (3 morning, 4 afternoon): a day at the launch site, no time
   *   day     (5): a UTC calendar day, no time
   *   period  (6 week … 16 decade, and ids we do not know): a span of time, named, no day
   */
  function precisionClass(id) {
    if (id === null || id === undefined || id <= PRECISION.hour) return 'timed';
    if (id <= PRECISION.afternoon) return 'part';
    if (id === PRECISION.day) return 'day';
    return 'period';
  }

  /**
   * What the iCalendar feeds do with a precision (outputs/calendars.ts, entryTime):
   * a timed entry, an all-day entry on the NET's UTC date, or none.
   */
  function calendarTiming(id) {
    var kind = precisionClass(id);
    return kind === 'timed' ? 'timed' : kind === 'period' ? 'none' : 'all-day';
  }

  /**
   * The text of a NET (or an event date) at its precision, never finer than it is known:
   *   {text, utc, note, countdown}
   * `text` is in `options.zone` (the reader's; UTC when absent) for timed NETs, and
   * the same everywhere otherwise; `utc` is the UTC wording beside a local `text`
   * (its time alone when the date is the same), else null; `note` qualifies the text ("to the hour"); `countdown` is 'exact' for
   * ids 0–1, 'hour' for id 2, null otherwise (a precision not stated gets none).
   * `options.siteZone` (the launch site's zone) names the day of a morning or an
   * afternoon NET, which LL2 gives in the site's local time.
   */
  function describeNet(timestamp, precision, options) {
    options = options || {};
    var ms = typeof timestamp === 'string' ? Date.parse(timestamp) : NaN;
    if (Number.isNaN(ms)) return { text: 'No date yet', utc: null, note: null, countdown: null };
    var id = typeof precision === 'number' ? precision : null;
    var zone = !options.zone || /^(Etc\/)?(UTC|GMT|UCT|Universal|Zulu)$/.test(options.zone) ? 'UTC' : options.zone;
    switch (precisionClass(id)) {
      case 'timed': {
        var seconds = id === PRECISION.second;
        var utc = utcDateTimeText(ms, seconds);
        if (zone === 'UTC') return { text: utc, utc: null, note: timedNote(id), countdown: timedCountdown(id) };
        // Beside a local time, the UTC time alone when both fall on the same date.
        var sameDay = dayText(dateParts(ms, zone)) === dayText(dateParts(ms));
        return {
          text: localDateTimeText(ms, zone, options.locale, seconds),
          utc: sameDay ? utc.slice(utc.indexOf(', ') + 2) : utc,
          note: timedNote(id),
          countdown: timedCountdown(id),
        };
      }
      case 'part':
        return {
          text: dayText(dateParts(ms, options.siteZone)), utc: null, countdown: null,
          note: (id === PRECISION.morning ? 'morning' : 'afternoon') + ', local time at the launch site',
        };
      case 'day':
        return { text: dayText(dateParts(ms)), utc: null, note: 'UTC date, time not known', countdown: null };
      default:
        return { text: periodText(ms, id), utc: null, note: null, countdown: null };
    }
  }

  function timedNote(id) {
    return id === null ? 'precision not stated' : id === PRECISION.hour ? 'to the hour' : null;
  }
  function timedCountdown(id) {
    return id === null ? null : id === PRECISION.hour ? 'hour' : 'exact';
  }

  /** "Week of 7 Dec 2026", "December 2026", "Q4 2026", "2027", … for the coarse precisions. */
  function periodText(ms, id) {
    var p = dateParts(ms);
    if (id === PRECISION.week) return 'Week of ' + p.day + ' ' + MONTHS[p.month - 1].slice(0, 3) + ' ' + p.year;
    if (id === PRECISION.month) return MONTHS[p.month - 1] + ' ' + p.year;
    if (id >= PRECISION.quarter1 && id <= PRECISION.quarter4) return 'Q' + (id - PRECISION.quarter1 + 1) + ' ' + p.year;
    if (id === PRECISION.half1 || id === PRECISION.half2) return (id === PRECISION.half1 ? 'First' : 'Second') + ' half of ' + p.year;
    if (id === PRECISION.year) return String(p.year);
    if (id === PRECISION.fiscalYear) return 'Fiscal year ' + p.year;
    if (id === PRECISION.decade) return 'the ' + (p.year - (p.year % 10)) + 's';
    return dayText(p) + ' (precision ' + id + ')';
  }

  /**
   * The countdown to a NET from `now` (both in ms): "T− 3 d 04:12:33" for an exact
   * NET, "T− about 3 d 4 h" for one known to the hour, "NET passed" after it.
   */
  function countdownText(netMs, nowMs, kind) {
    if (kind !== 'exact' && kind !== 'hour') return '';
    var left = netMs - nowMs;
    if (!(left > 0)) return 'NET passed';
    var seconds = Math.ceil(left / 1000);
    var days = Math.floor(seconds / 86400);
    var hours = Math.floor((seconds % 86400) / 3600);
    if (kind === 'hour') {
      if (days === 0 && hours === 0) return 'T− under an hour';
      return 'T− about ' + (days ? days + ' d ' : '') + hours + ' h';
    }
    var rest = pad2(hours) + ':' + pad2(Math.floor((seconds % 3600) / 60)) + ':' + pad2(seconds % 60);
    return 'T− ' + (days ? days + ' d ' : '') + rest;
  }

  /** A length of time for people, to the minute: "2 d 3 h", "45 min", "0 min". */
  function durationText(seconds) {
    var rest = Math.round(Math.abs(seconds) / 60);
    var days = Math.floor(rest / 1440);
    rest -= days * 1440;
    var hours = Math.floor(rest / 60);
    var minutes = rest - hours * 60;
    return [days ? days + ' d' : '', hours ? hours + ' h' : '', minutes || (!days && !hours) ? minutes + ' min' : '']
      .filter(Boolean).join(' ');
  }

  /** A shift of a NET: "+2 d 3 h" (later), "\u221245 min" (earlier). */
  function shiftText(seconds) {
    return (seconds < 0 ? '\u2212' : '+') + durationText(seconds);
  }

  return Object.freeze({
    PRECISION: PRECISION, precisionClass: precisionClass, calendarTiming: calendarTiming, dateParts: dateParts,
    dayText: dayText, utcDateTimeText: utcDateTimeText, describeNet: describeNet, countdownText: countdownText,
    durationText: durationText, shiftText: shiftText,
  });
})();
