// Text that came from outside (LL2's names, slugs and error details, a data
// file's values) made safe to print as one line of a terminal or a CI log. Pure:
// a string in, a string out.
//   - Control characters are written as escapes: line feed `\n`, carriage return
//     `\r`, tab `\t`, every other C0 and C1 character, DEL, the line and paragraph
//     separators, the bidirectional marks, embeddings, overrides and isolates, and
//     lone surrogates as `\uXXXX`. So an ESC sequence cannot reach the terminal and
//     a newline inside a name cannot start a line of its own.
//   - A line that would begin (after leading white space, which GitHub's runner
//     skips) with `::`, a workflow command (`::warning::`, `::set-output`, …), has
//     its first colon written `\u003a`; `##[`, the runner's older command prefix,
//     is written `#\u0023[` wherever it stands.
// Text with none of these is returned as it is.

const ESCAPED =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const NAMED: Readonly<Record<string, string>> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One printable line: outside text escaped as above (apply it to a whole line, or to the outside part put at a line's start). */
export function printableLine(text: string): string {
  return text
    .replace(ESCAPED, (c) => NAMED[c] ?? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .replace(/##\[/g, '#\\u0023[')
    .replace(/^(\s*):(?=:)/, '$1\\u003a');
}

/** Text meant to span lines (a message of ours with line breaks, quoting outside text): each line made printable. */
export const printableLines = (text: string): string => text.split('\n').map(printableLine).join('\n');
