export * from './generated/transcription/accounts/v1/accounts.ts';
