// A bound on how deeply a YAML text nests, found before it is parsed. The yaml
// parser builds nested values by recursion: a few thousand unclosed `[` or `{`
// exhaust the stack, and close to that limit V8 can abort the whole process
// ("RegExpCompiler Allocation failed") instead of throwing. The lexer is not
// recursive, so its tokens are read first and a text that could nest deeper than
// MAX_NESTING_ESTIMATE is refused without being parsed.
//
// The estimate, at each token that can open a level (`[`, `{`, `-`, `?`, `:`):
// open flow collections + indentation of the line + block indicators before it
// on the line. Every level of real
// nesting adds to one of those, so the estimate grows with the real depth; data
// files nest about 6 levels (estimate below 12), and checkTree applies the exact
// limit (MAX_DEPTH) after parsing.

import { yaml } from '../base/lazy-packages.ts';

export const MAX_NESTING_ESTIMATE = 64;

const MARKERS = new Set<string | undefined | null>(['byte-order-mark', 'doc-mode', 'flow-error-end', 'scalar']);

export interface NestingResult {
  /** The highest estimate reached, or the first one above the limit. */
  estimate: number;
  /** Offset in the text where the estimate first went above `limit`, if it did. */
  offset?: number;
}

export function estimateNesting(text: string, limit = MAX_NESTING_ESTIMATE): NestingResult {
  let flow = 0;
  let indent = 0;
  let indicators = 0;
  let atLineStart = true;
  let offset = 0;
  let highest = 0;
  let scalarNext = false;
  const { Lexer, CST } = yaml();
  for (const token of new Lexer().lex(text)) {
    const type = CST.tokenType(token);
    if (MARKERS.has(type)) {
      scalarNext = type === 'scalar'; // the lexer's own signals, not in the text
      continue;
    }
    if (scalarNext) {
      // The text of a scalar, whatever it starts with; a block scalar's ends its last line.
      scalarNext = false;
      offset += token.length;
      if (token.endsWith('\n')) [atLineStart, indent, indicators] = [true, 0, 0];
      else atLineStart = false;
      continue;
    }
    if (type === 'newline') {
      atLineStart = true;
      indent = 0;
      indicators = 0;
    } else if (type === 'space' && atLineStart) {
      indent = token.length;
    } else if (type !== 'space' && type !== 'comment') {
      atLineStart = false;
      let opens = false;
      if (type === 'flow-seq-start' || type === 'flow-map-start') opens = Boolean(++flow);
      else if ((type === 'flow-seq-end' || type === 'flow-map-end') && flow > 0) flow--;
      else if (flow === 0 && (type === 'seq-item-ind' || type === 'explicit-key-ind' || type === 'map-value-ind'))
        opens = Boolean(++indicators);
      // Only a token that can open a level counts (not text, e.g. an indented block scalar).
      const estimate = flow + indent + indicators;
      if (opens && estimate > highest) highest = estimate;
      if (opens && estimate > limit) return { estimate, offset };
    }
    offset += token.length;
  }
  return { estimate: highest };
}
