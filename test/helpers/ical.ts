// Reading an iCalendar feed line by line, as RFC 5545 section 3.1 defines the
// format, independently of the library that wrote it: CRLF line ends, physical
// lines of at most 75 octets, folding by CRLF + one space or tab, and the required
// properties of VCALENDAR and VEVENT.

export interface ContentLine {
  name: string;
  params: string[];
  value: string;
}

export interface Component {
  name: string;
  properties: ContentLine[];
  components: Component[];
}

const CONTENT_LINE = /^([A-Za-z0-9-]+)((?:;[A-Za-z0-9-]+=(?:"[^"]*"|[^";:,]*)(?:,(?:"[^"]*"|[^";:,]*))*)*):(.*)$/s;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Problems with the physical lines (of the bytes as published); empty when every rule holds. */
export function physicalLineProblems(content: Buffer | string): string[] {
  const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
  const problems: string[] = [];
  const crlf = Buffer.from('\r\n');
  if (!bytes.subarray(-2).equals(crlf)) problems.push('the last line does not end with CRLF');
  const lines: Buffer[] = [];
  for (let start = 0; start < bytes.length; ) {
    const end = bytes.indexOf(crlf, start);
    if (end < 0) break;
    lines.push(bytes.subarray(start, end));
    start = end + 2;
  }
  lines.forEach((line, i) => {
    if (line.includes(0x0d) || line.includes(0x0a)) problems.push(`line ${i + 1}: bare CR or LF`);
    if (line.length > 75) problems.push(`line ${i + 1}: ${line.length} octets (more than 75)`);
    if (line.length === 0) problems.push(`line ${i + 1}: empty`);
    if (i === 0 && (line[0] === 0x20 || line[0] === 0x09)) problems.push('line 1 is a continuation');
    // A fold must not split a UTF-8 character: every physical line decodes on its own.
    try {
      strictUtf8.decode(line);
    } catch {
      problems.push(`line ${i + 1}: not valid UTF-8 on its own`);
    }
  });
  return problems;
}

/** Joins folded lines back into content lines. */
export function unfold(text: string): string[] {
  return text
    .replace(/\r\n[ \t]/g, '')
    .split('\r\n')
    .filter((line) => line !== '');
}

export function parseContentLine(line: string): ContentLine {
  const m = CONTENT_LINE.exec(line);
  if (!m) throw new Error(`not a content line: ${JSON.stringify(line)}`);
  return { name: m[1].toUpperCase(), params: m[2] ? m[2].slice(1).split(';') : [], value: m[3] };
}

/** The component tree; throws on unbalanced BEGIN/END. */
export function parseComponents(text: string): Component {
  const stack: Component[] = [];
  let root: Component | undefined;
  for (const line of unfold(text).map(parseContentLine)) {
    if (line.name === 'BEGIN') {
      const component: Component = { name: line.value, properties: [], components: [] };
      if (stack.length) stack[stack.length - 1].components.push(component);
      else if (root) throw new Error('more than one top-level component');
      else root = component;
      stack.push(component);
    } else if (line.name === 'END') {
      const open = stack.pop();
      if (!open || open.name !== line.value)
        throw new Error(`END:${line.value} does not close ${open?.name ?? 'anything'}`);
    } else {
      if (!stack.length) throw new Error(`property ${line.name} outside any component`);
      stack[stack.length - 1].properties.push(line);
    }
  }
  if (stack.length || !root) throw new Error('unclosed component');
  return root;
}

export const props = (component: Component, name: string): ContentLine[] =>
  component.properties.filter((p) => p.name === name);
export const prop = (component: Component, name: string): ContentLine | undefined => props(component, name)[0];

/** RFC 5545 TEXT unescaping. */
export const unescapeText = (value: string): string =>
  value.replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));

/** Problems with the required properties of the calendar and its events; empty when all hold. */
export function structureProblems(calendar: Component): string[] {
  const problems: string[] = [];
  if (calendar.name !== 'VCALENDAR') problems.push(`top-level component is ${calendar.name}`);
  for (const name of ['VERSION', 'PRODID']) {
    if (props(calendar, name).length !== 1) problems.push(`VCALENDAR needs exactly one ${name}`);
  }
  if (prop(calendar, 'VERSION')?.value !== '2.0') problems.push('VERSION is not 2.0');
  const uids = new Set<string>();
  for (const event of calendar.components.filter((c) => c.name === 'VEVENT')) {
    const uid = prop(event, 'UID')?.value ?? '';
    for (const name of ['UID', 'DTSTAMP', 'DTSTART']) {
      if (props(event, name).length !== 1) problems.push(`${uid}: needs exactly one ${name}`);
    }
    for (const name of ['SUMMARY', 'DTEND', 'SEQUENCE', 'LAST-MODIFIED', 'DESCRIPTION', 'URL', 'LOCATION', 'STATUS']) {
      if (props(event, name).length > 1) problems.push(`${uid}: more than one ${name}`);
    }
    if (uids.has(uid)) problems.push(`UID ${uid} is not unique`);
    uids.add(uid);
    const stamp = prop(event, 'DTSTAMP')?.value ?? '';
    if (!/^\d{8}T\d{6}Z$/.test(stamp)) problems.push(`${uid}: DTSTAMP ${stamp} is not a UTC date-time`);
    const start = prop(event, 'DTSTART');
    const end = prop(event, 'DTEND');
    if (start && end) {
      const isDate = (p: ContentLine) => p.params.includes('VALUE=DATE');
      if (isDate(start) !== isDate(end)) problems.push(`${uid}: DTSTART and DTEND differ in value type`);
      if (end.value <= start.value) problems.push(`${uid}: DTEND is not after DTSTART`);
    }
    const sequence = prop(event, 'SEQUENCE')?.value;
    if (sequence !== undefined && !/^\d+$/.test(sequence))
      problems.push(`${uid}: SEQUENCE ${sequence} is not a non-negative integer`);
  }
  return problems;
}
