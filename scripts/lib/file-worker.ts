// Worker thread of file-stage.ts: stages the files it is given and posts the results back.

import { parentPort, workerData } from 'node:worker_threads';
import { createFileValidator } from './schema-check.ts';
import { stageFile, toStageOutput, type StageInput } from './file-stage.ts';

const validateFile = createFileValidator();
parentPort!.postMessage((workerData as StageInput[]).map((input) => toStageOutput(stageFile(input, validateFile))));
