// The worker thread of createThreadedDiarizer: a classic diarizer fed the parent's PCM, answering
// its one finish. Runs off the parent's event loop, so a long recording's clustering and
// re-segmentation (seconds to minutes) never stall the parent's heartbeats.
import { parentPort } from 'node:worker_threads';
import { createClassicDiarizer } from './classic.ts';
import type { ThreadRequest, ThreadAnswer } from './thread.ts';

const diarizer = createClassicDiarizer();
const port = parentPort!;

port.on('message', (request: ThreadRequest) => {
  if (request.type === 'push') {
    diarizer.push(Buffer.from(request.pcm.buffer, request.pcm.byteOffset, request.pcm.byteLength));
    return;
  }
  let answer: ThreadAnswer;
  try {
    answer = { type: 'result', result: diarizer.finish(request.options) };
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    answer = { type: 'error', name: error.name, message: error.message };
  }
  port.postMessage(answer);
});
