// What the build tells about its stages as it goes: events out of the pipeline
// (load → check → plan → publish), shown by the command line (cli/progress.ts).
// A listener only observes: nothing it does changes what is built.

export type BuildStage =
  | { stage: 'reading'; files: number }
  | { stage: 'checking'; files: number }
  | { stage: 'planning'; launches: number; events: number }
  | { stage: 'publishing'; done: number; total: number };

export type ProgressListener = (event: BuildStage) => void;
