// The build's progress on the terminal: stage events (base/progress.ts) in, text
// on stderr out. On a terminal one line redrawn in place (at most ten times a
// second) and cleared at the end; otherwise (a log, CI) one plain line a stage.

import type { BuildStage, ProgressListener } from '../base/progress.ts';

const count = (n: number): string => n.toLocaleString('en-US');

/** The text of a stage; `live` adds the count done so far where the stage has one. */
export function stageText(event: BuildStage, live: boolean): string {
  switch (event.stage) {
    case 'reading':
      return `reading ${count(event.files)} data files`;
    case 'checking':
      return `checking ${count(event.files)} records`;
    case 'planning':
      return `planning the files for ${count(event.launches)} launches and ${count(event.events)} events`;
    case 'publishing':
      if (event.total === 0) return 'publishing: no file changed';
      return live
        ? `publishing ${count(event.done)}/${count(event.total)} files`
        : `publishing ${count(event.total)} files`;
  }
}

export interface ProgressReporter {
  listener: ProgressListener;
  /** Clears the redrawn line, so that what follows starts on a clean line. */
  done(): void;
}

/** `write` takes text as is (no newline added); `clock` in milliseconds, for the redraw rate. */
export function progressReporter(write: (text: string) => void, tty: boolean, clock: () => number): ProgressReporter {
  let stage: BuildStage['stage'] | undefined;
  let drawnAt = -Infinity;
  let drawn = false;
  const listener: ProgressListener = (event) => {
    const first = event.stage !== stage;
    stage = event.stage;
    if (!tty) {
      if (first) write(`${stageText(event, false)}\n`);
      return;
    }
    const last = event.stage === 'publishing' && event.done === event.total;
    if (!first && !last && clock() - drawnAt < 100) return;
    drawnAt = clock();
    drawn = true;
    write(`\r\x1b[2K${stageText(event, true)}`);
  };
  return {
    listener,
    done: () => {
      if (drawn) write('\r\x1b[2K');
      drawn = false;
    },
  };
}
