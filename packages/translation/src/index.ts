export { type LanguagePair, type TranslateOptions, type Translator, TranslationError } from './translator.ts';
export { apertiumPairs, apertiumModes, DEFAULT_APERTIUM_MODES_DIR } from './pairs.ts';
export { createApertiumTranslator, DEFAULT_MAX_APERTIUM_INPUT_CHARS, type ApertiumOptions } from './apertium.ts';
export { createChatTranslator, CHAT_LANGUAGES, type ChatTranslatorOptions } from './chat.ts';
export { APERTIUM_OS_PACKAGES, APERTIUM_MODE_FILES } from './os-packages.ts';
export { translationToolSettings } from './settings.ts';
