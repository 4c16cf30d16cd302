import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import {
  AI_MODELS,
  CAPTION_BURN_MICRO_CREDITS_PER_HOUR,
  CLIENT_LOCAL_MICRO_CREDITS_PER_HOUR,
  microCreditsToUsd,
  PROFILES,
  toCredits,
} from './index.ts';

// docs/pricing.md is for people; this keeps it equal to the catalog that charges.
const doc = readFileSync(new URL('../../../docs/pricing.md', import.meta.url), 'utf8');

describe('docs/pricing.md', () => {
  it('shows every profile at its catalog rate', () => {
    for (const p of PROFILES) {
      assert.match(
        doc,
        new RegExp(`\\| \`${p.codename}\` \\| ${toCredits(p.microCreditsPerHour).toFixed(2)} \\|`),
        p.codename,
      );
    }
  });

  it('shows the caption-burn rate', () => {
    const credits = toCredits(CAPTION_BURN_MICRO_CREDITS_PER_HOUR).toFixed(2);
    const usd = microCreditsToUsd(CAPTION_BURN_MICRO_CREDITS_PER_HOUR).toFixed(2);
    assert.match(
      doc,
      new RegExp(`\\| \`caption_burn\` \\| ${credits.replace('.', '\\.')} \\| ${usd.replace('.', '\\.')} \\|`),
    );
  });

  it('shows every managed-AI alias at its catalog prices', () => {
    for (const m of AI_MODELS) {
      assert.match(
        doc,
        new RegExp(`\\| \`${m.alias}\` \\| [^|]+ \\| ${toCredits(m.inputPerMillion).toFixed(2)} \\|`),
        m.alias,
      );
    }
  });

  it('shows the client-local rate and the profiles that offer it', () => {
    const profiles = PROFILES.filter((p) => p.executionModes.includes('client_local'))
      .map((p) => `\`${p.codename}\``)
      .join(', ');
    const credits = toCredits(CLIENT_LOCAL_MICRO_CREDITS_PER_HOUR).toFixed(2);
    const usd = microCreditsToUsd(CLIENT_LOCAL_MICRO_CREDITS_PER_HOUR).toFixed(2);
    assert.ok(doc.includes(`| \`client_local\` | ${credits} | ${usd} | ${profiles} |`), profiles);
  });
});
