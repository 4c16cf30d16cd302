export * from './profiles.ts';
export * from './features.ts';
