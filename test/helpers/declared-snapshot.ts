// What a declared resource's test holds to the snapshot taken before its move
// (test/fixtures/decl/*-snapshot.json): the definitions the snapshot names as the
// response schemas give them now, and the neighbours each stands between. In: the
// snapshot's definition names. Out: those two, shaped as the snapshot holds them. By hand.

import { responseDefinitions } from '../../scripts/schemas/responses.ts';

/** Each named definition now, and for each the definitions before it, itself and after it, in order. */
export function definitionsNow(names: readonly string[]): {
  definitions: Record<string, unknown>;
  definitionOrder: string[][];
} {
  const definitions = responseDefinitions();
  const order = Object.keys(definitions);
  return {
    definitions: Object.fromEntries(names.map((name) => [name, definitions[name]])),
    definitionOrder: names.map((name) => order.slice(order.indexOf(name) - 1, order.indexOf(name) + 2)),
  };
}
