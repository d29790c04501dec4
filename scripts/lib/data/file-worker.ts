// Worker thread of file-stage.ts: stages the files it is given and posts the results
// back in batches, so that neither thread ever holds all of them twice (as objects
// here and as one message in transit): at 100,000 files that doubled peak memory.

import { parentPort, workerData } from 'node:worker_threads';
import { createFileValidator } from './schema-check.ts';
import { stageFile, toStageOutput, type WorkerJob } from './file-stage.ts';

const { inputs, batch } = workerData as WorkerJob;
const validateFile = createFileValidator();
for (let start = 0; start < inputs.length; start += batch) {
  parentPort!.postMessage(
    inputs.slice(start, start + batch).map((input) => toStageOutput(stageFile(input, validateFile))),
  );
}
