import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import koffi from 'koffi';
import { checkLayouts, WhisperContextParams, WhisperFullParams, WhisperTokenData } from './abi.ts';

describe('whisper.cpp ABI declarations', () => {
  it("match the C compiler's layout of include/whisper.h (sizes and key offsets)", () => {
    checkLayouts();
    assert.equal(koffi.sizeof(WhisperFullParams), 304);
    assert.equal(koffi.sizeof(WhisperTokenData), 56);
    assert.equal(koffi.sizeof(WhisperContextParams), 48);
    assert.equal(koffi.offsetof(WhisperFullParams, 'abort_callback'), 208);
  });
});
