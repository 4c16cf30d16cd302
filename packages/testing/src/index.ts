export { connectToSchema } from './service-role.ts';
export {
  createTestDatabase,
  createEmptyTestDatabase,
  dropStaleTestDatabases,
  adminUrl,
  TEST_DATABASE_PREFIX,
  type TestDatabase,
  type TestDatabaseOptions,
  type DropStaleOptions,
} from './test-database.ts';
export { loadSqlDump } from './sql-dump.ts';
export { launchChromium } from './browser.ts';
export { createTestBusNamespace, testNatsConnectOptions, type TestBusNamespace } from './bus-namespace.ts';
export { repoRoot, freePort } from './repo.ts';
export {
  startFleet,
  FLEET_SERVICES,
  OPTIONAL_FLEET_SERVICES,
  type ExtraWorkerOptions,
  type Fleet,
  type FleetOptions,
  type FleetService,
  type FleetWorker,
} from './fleet.ts';
export { UNREACHED_RATE_LIMITS } from './fleet-env.ts';
export { startTestObjectStore, type TestObjectStore, type TestObjectStoreOptions } from './object-store.ts';
export {
  synthesizeSpeech,
  synthesizePcm,
  withWorkDir,
  concatSpeech,
  makeSpeechClip,
  HARVARD_SENTENCES,
  type SpeechOptions,
  type SpeechFormat,
  type ConcatSpeechOptions,
  type SpeechClip,
} from './speech.ts';
export {
  repeatConversation,
  synthesizeConversation,
  trimSilence,
  type Conversation,
  type ConversationSpec,
  type ConversationTurn,
} from './conversation.ts';
export {
  INTRODUCTIONS,
  synthesizeDialogue,
  type Dialogue,
  type DialogueOptions,
  type DialogueTurn,
} from './dialogue.ts';
export {
  buildLongRecording,
  type LongRecording,
  type LongRecordingOptions,
  type LongRecordingSegment,
} from './long-recording.ts';
export { wordErrorRate, normalizeWords, type WordErrorRate } from './wer.ts';
export { eventually } from './eventually.ts';
export { scrapeMetrics } from './metrics.ts';
export { startPrivateNats, type PrivateNats } from './nats-server.ts';
export { sendHeadersSlowly, type SlowClientResult } from './slow-client.ts';
export { uploadVerifiedMedia, type MediaUploadClient, type UploadOptions } from './media.ts';
export { testServiceKeys, testClient, type TestServiceKeys, type TestClientOptions } from './service-keys.ts';
export { assertCallerChecks, type CallerChecks } from './caller-checks.ts';
export { assertOneCreatedOfRetries } from './idempotent-retries.ts';
export { tempDir, writeScript, type TempDir } from './temp-files.ts';
export { ocrFrame, tesseractAvailable, type OcrOptions } from './ocr.ts';
export {
  processes,
  childGroups,
  aliveInGroups,
  notKilledInGroups,
  blockedWriting,
  bytesWritten,
  type ProcInfo,
} from './process-groups.ts';
export { startFakeOpenAi, type FakeBehaviour, type FakeOpenAi, type FakeRequest } from './fake-openai.ts';
export { writeRandomWhisperModel } from './whisper-model/ggml-file.ts';
export { LAYOUTS as WHISPER_LAYOUTS, type WhisperLayout } from './whisper-model/layouts.ts';
export { asOperator, testPki, TLS_IDENTITIES, type TestPki, type TlsEnv, type TlsIdentity } from './test-pki.ts';
