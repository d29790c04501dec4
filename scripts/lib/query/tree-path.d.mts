/** The path from the tree's root that a URL's pathname names, or undefined when it names no file of the tree. */
export function treePathOf(pathname: string): string | undefined;
