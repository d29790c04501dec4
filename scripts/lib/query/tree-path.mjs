// A request's path as a file of the published tree: the one rule every reader of
// the tree by URL keeps (the handler's static files, the Node server, the tests'
// and the bench's env.ASSETS). In: a URL's pathname (`/2.3.0/launches/`); out: the
// path from the tree's root (`2.3.0/launches/`), or undefined when it names no file
// of the tree (not decodable, a NUL byte, a `..` segment). Pure. Plain JavaScript
// (typed by tree-path.d.mts), so that the bench's child, which runs the built worker
// in plain Node without the TypeScript loader, reads files by the same rule.

export function treePathOf(pathname) {
  let path;
  try {
    path = decodeURIComponent(pathname).slice(1);
  } catch {
    return undefined;
  }
  return path.includes('\0') || path.split('/').includes('..') ? undefined : path;
}
