export function toolSources(root: string): string[];
export function computeToolFingerprint(root: string): string;
