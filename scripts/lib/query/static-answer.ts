// A static file of the published tree answered as our hosts serve it, for adapters
// that pass `openFile` (the edge workers): `/x/` answers with `/x/index.json` (or the
// site's index.html), `/x` is redirected to `/x/` when it is a folder, a miss gets
// LL2's JSON 404. In: the request's URL, the host's reader, and whether the bytes are
// read whole (to be kept by the handler's fetch) or the host's body is sent on. Out:
// the answer. Files read are the only I/O, through the reader.

import { contentTypeOf } from '../api/http.ts';
import { NOT_FOUND_BODY } from '../api/paths.ts';
import { headers, jsonError, redirect, type Answer } from './plain-answer.ts';
import type { Assets } from './tree-assets.ts';
import { treePathOf } from './tree-path.mjs';

/** A static file's answer; `inMemory`: its bytes read whole (a Blob), not the host's body, so that fetch can keep it. */
export async function staticAnswer(
  open: NonNullable<Assets['openFile']>,
  readBytes: (path: string) => Promise<Uint8Array | undefined>,
  url: URL,
  inMemory: boolean,
): Promise<Answer> {
  const path = treePathOf(url.pathname);
  if (path === undefined) return jsonError(404, NOT_FOUND_BODY);
  const file = async (name: string) => {
    if (inMemory) {
      const bytes = await readBytes(name);
      return (
        bytes && {
          status: 200,
          headers: headers(contentTypeOf(name)),
          body: new Blob([bytes as Uint8Array<ArrayBuffer>]),
        }
      );
    }
    const opened = await open(name);
    return opened && { status: 200, headers: headers(contentTypeOf(name)), body: opened.body };
  };
  if (path === '' || path.endsWith('/')) {
    // A folder answers with its index.json, or with its page for people (the site root).
    return (await file(`${path}index.json`)) ?? (await file(`${path}index.html`)) ?? jsonError(404, NOT_FOUND_BODY);
  }
  // Every file of the tree has an extension; a name without one may be a folder missing its slash.
  if (!/\.[^/]*$/.test(path)) {
    const folder = await open(`${path}/index.json`);
    if (folder) {
      if (folder.body instanceof ReadableStream) await folder.body.cancel();
      return redirect(`${url.pathname}/${url.search}`);
    }
  }
  return (await file(path)) ?? jsonError(404, NOT_FOUND_BODY);
}
