// What the web app sends, from what a person chose: pure functions of the app's sources.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chooseMedia, jobInput, MAX_BATCH_ITEMS } from '../app/src/batch.ts';
import { type AppExperience, formValues, preferenceChanges } from '../app/src/preferences.ts';

describe('the input of a new job', () => {
  it('is one media_ref for one media, and a batch for several', () => {
    assert.deepEqual(jobInput(['m1']), { type: 'media_ref', media_id: 'm1' });
    assert.deepEqual(jobInput(['m1', 'm2']), { type: 'batch', media_ids: ['m1', 'm2'] });
  });

  it('keeps the chosen media in the order shown, without the ones gone, and never more than a batch holds', () => {
    const order = ['a', 'b', 'c'];
    assert.deepEqual(chooseMedia(['c'], order, 'a', true), ['a', 'c']);
    assert.deepEqual(chooseMedia(['a', 'c'], order, 'a', false), ['c']);
    assert.deepEqual(chooseMedia(['gone', 'b'], order, 'c', true), ['b', 'c']);
    const many = Array.from({ length: MAX_BATCH_ITEMS + 1 }, (_, i) => `m${i}`);
    const full = many.slice(0, MAX_BATCH_ITEMS);
    assert.deepEqual(chooseMedia(full, many, many.at(-1)!, true), full, 'the 51st is not added');
  });
});

describe('the preferences patch', () => {
  const saved: AppExperience = {
    default_profile: 'oracle',
    default_export_format: 'json',
    max_chars_per_entry: 42,
    interface_language: 'en',
    theme: 'system',
    show_timestamps: true,
    updated_at: null,
  };

  it('sends only what changed, a number as a number', () => {
    assert.deepEqual(preferenceChanges(formValues(saved), saved), {});
    const values = { ...formValues(saved), theme: 'dark' as const, max_chars_per_entry: '60', show_timestamps: false };
    assert.deepEqual(preferenceChanges(values, saved), {
      theme: 'dark',
      max_chars_per_entry: 60,
      show_timestamps: false,
    });
  });

  it('sends what is not a number as typed, for the API to name, and a language without spaces around it', () => {
    const values = { ...formValues(saved), max_chars_per_entry: 'wide', interface_language: ' pt-BR ' };
    assert.deepEqual(preferenceChanges(values, saved), { max_chars_per_entry: 'wide', interface_language: 'pt-BR' });
    assert.deepEqual(preferenceChanges({ ...formValues(saved), max_chars_per_entry: '' }, saved), {
      max_chars_per_entry: '',
    });
  });
});
