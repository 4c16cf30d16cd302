import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { AI_MODELS, CREDIT_PRICE_CENTS, findAiModel, priceForTokens } from './index.ts';

describe('managed-AI prices', () => {
  it('price tokens per million, rounding up to a micro-credit', () => {
    const chat = findAiModel('svc-chat')!;
    assert.equal(priceForTokens(chat, 1_000_000, 0), 2_500_000);
    assert.equal(priceForTokens(chat, 0, 1_000_000), 10_000_000);
    assert.equal(priceForTokens(chat, 1, 0), 3); // 2.5 micro-credits → 3
    assert.equal(priceForTokens(chat, 0, 0), 0);
    assert.throws(() => priceForTokens(chat, -1, 0), RangeError);
    assert.throws(() => priceForTokens(chat, 1.5, 0), RangeError);
  });

  it('has unique aliases, including the fast transcription alias svc-fast', () => {
    assert.equal(new Set(AI_MODELS.map((m) => m.alias)).size, AI_MODELS.length);
    assert.equal(findAiModel('svc-fast')?.kind, 'transcription');
    assert.equal(findAiModel('nope'), undefined);
    assert.equal(CREDIT_PRICE_CENTS, 120);
  });
});
