export type { SpeechSpan, SpeakerTurn, DiarizationOptions, DiarizationResult, Diarizer } from './types.ts';
export { NUM_SPEAKERS } from './types.ts';
export { createClassicDiarizer, CLASSIC_METHOD } from './classic.ts';
export { assignWordSpeakers } from './words.ts';
export { diarizationErrorRate, type DiarizationError } from './der.ts';
export { bestAssignment } from './assignment.ts';
export { createThreadedDiarizer, type ThreadedDiarizer } from './thread.ts';
