// A launch as a one-event iCalendar file (RFC 5545), for the launch view's "add to
// calendar" link, in the browser and at build time. A classic script (no modules:
// it must also run from file://), run after core.js, that defines one global,
// `LaunchCalendar`; launch.js hands its functions on.
//
// In:  a launch's LL2 detailed JSON, and the event's UID and the page to link.
// Out: icsText: the calendar's text, or null when the feeds would leave the launch out
//      (its NET known only to the week or coarser), timed from its window or all day
//      by the feeds' rule (core.js calendarTiming); icsFileName: the file's name. Pure.



// eslint-disable-next-line no-unused-vars
var LaunchCalendar = (function () {
  var C = ScheduleCore;
  var obj = C.obj, text = C.text;

  /** The name of a launch's calendar file. */
  function icsFileName(launch) {
    return (text(launch.slug) || text(launch.id)).replace(/[^a-z0-9-]+/gi, '-') + '.ics';
  }

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

  return Object.freeze({ icsText: icsText, icsFileName: icsFileName });
})();
