// Media and the transcripts made from it, end to end through the gateway of one fleet without jobs
// or worker (media/world.ts). First, alone, media/large-upload.ts: files over 50 MB streamed with the
// gateway's memory flat (measured on a gateway nothing else has used yet); then one describe per
// workflow, side by side, each with users of its own:
// - media/uploads.ts: an upload session verified, a multipart upload cut short by its client;
// - media/library.ts: registering, listing, usage, a media's artifacts, deleting;
// - media/artifacts.ts: transcript versions saved and restored, a three-hour transcript.
import { describe } from 'node:test';
import { artifactTests } from './media/artifacts.ts';
import { largeUploadTests } from './media/large-upload.ts';
import { libraryTests } from './media/library.ts';
import { uploadTests } from './media/uploads.ts';
import { useMediaWorld } from './media/world.ts';

useMediaWorld();

largeUploadTests();

describe('media and artifacts, side by side', { concurrency: true }, () => {
  uploadTests();
  libraryTests();
  artifactTests();
});
