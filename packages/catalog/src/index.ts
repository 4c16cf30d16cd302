export * from './profiles.ts';
export * from './features.ts';
export * from './ai-models.ts';
export * from './money.ts';
export * from './engines.ts';
export * from './media-formats.ts';
export * from './capabilities.ts';
export * from './app-experience.ts';
