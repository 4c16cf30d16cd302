import type { AppExperienceChoices } from '../domain/app-experience.ts';
import type { AppExperience } from '../store/index.ts';

/**
 * The choices a stored row holds. Its text columns hold only values the domain checked, so they
 * are read back as the preference types.
 */
export function choicesOf(row: AppExperience): AppExperienceChoices {
  return {
    defaultProfile: row.defaultProfile,
    defaultExportFormat: row.defaultExportFormat as AppExperienceChoices['defaultExportFormat'],
    maxCharsPerEntry: row.maxCharsPerEntry,
    interfaceLanguage: row.interfaceLanguage,
    theme: row.theme as AppExperienceChoices['theme'],
    showTimestamps: row.showTimestamps,
  };
}
