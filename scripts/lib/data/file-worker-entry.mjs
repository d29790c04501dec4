// Entry of the file worker: worker threads do not inherit the TypeScript loader of
// the main thread, so register it here, then run the worker itself.
import { register } from 'tsx/esm/api';

register();
await import('./file-worker.ts');
