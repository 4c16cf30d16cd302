// The tensors of a Whisper model, named, shaped and typed as whisper.cpp's whisper_model_load reads them.
import type { WhisperHParams } from './layouts.ts';

export const GGML_TYPE_F32 = 0;
export const GGML_TYPE_F16 = 1;

export type Init = { kind: 'normal'; std: number } | { kind: 'const'; value: number } | { kind: 'sinusoids' };

export interface TensorSpec {
  name: string;
  /** ggml order: ne[0] is the fastest-varying dimension. */
  ne: number[];
  type: typeof GGML_TYPE_F32 | typeof GGML_TYPE_F16;
  init: Init;
}

const W = (std = 0.02): Init => ({ kind: 'normal', std });
const ZERO: Init = { kind: 'const', value: 0 };
const ONE: Init = { kind: 'const', value: 1 };

function attentionTensors(prefix: string, nState: number, wtype: TensorSpec['type']): TensorSpec[] {
  return [
    { name: `${prefix}.query.weight`, ne: [nState, nState], type: wtype, init: W() },
    { name: `${prefix}.query.bias`, ne: [nState], type: GGML_TYPE_F32, init: ZERO },
    { name: `${prefix}.key.weight`, ne: [nState, nState], type: wtype, init: W() }, // key has no bias
    { name: `${prefix}.value.weight`, ne: [nState, nState], type: wtype, init: W() },
    { name: `${prefix}.value.bias`, ne: [nState], type: GGML_TYPE_F32, init: ZERO },
    { name: `${prefix}.out.weight`, ne: [nState, nState], type: wtype, init: W() },
    { name: `${prefix}.out.bias`, ne: [nState], type: GGML_TYPE_F32, init: ZERO },
  ];
}

function layerNorm(prefix: string, n: number): TensorSpec[] {
  return [
    { name: `${prefix}.weight`, ne: [n], type: GGML_TYPE_F32, init: ONE },
    { name: `${prefix}.bias`, ne: [n], type: GGML_TYPE_F32, init: ZERO },
  ];
}

function mlpTensors(prefix: string, nState: number, wtype: TensorSpec['type']): TensorSpec[] {
  return [
    { name: `${prefix}.mlp.0.weight`, ne: [nState, 4 * nState], type: wtype, init: W() },
    { name: `${prefix}.mlp.0.bias`, ne: [4 * nState], type: GGML_TYPE_F32, init: ZERO },
    { name: `${prefix}.mlp.2.weight`, ne: [4 * nState, nState], type: wtype, init: W() },
    { name: `${prefix}.mlp.2.bias`, ne: [nState], type: GGML_TYPE_F32, init: ZERO },
  ];
}

/**
 * All tensors in PyTorch state_dict order (the order convert-pt-to-ggml.py
 * writes; the loader itself looks tensors up by name, so order is not required).
 * Types follow the loader: wtype (f16) for linear weights and the token
 * embedding, vtype (f16) for the conv kernels, f32 for everything 1-D, the
 * conv biases ([1, n_state]) and both positional embeddings.
 */
export function tensorSpecs(hp: WhisperHParams): TensorSpec[] {
  const wtype = hp.ftype === 1 ? GGML_TYPE_F16 : GGML_TYPE_F32;
  const a = hp.nAudioState;
  const t = hp.nTextState;
  const specs: TensorSpec[] = [
    { name: 'encoder.positional_embedding', ne: [a, hp.nAudioCtx], type: GGML_TYPE_F32, init: { kind: 'sinusoids' } },
    { name: 'encoder.conv1.weight', ne: [3, hp.nMels, a], type: wtype, init: W() },
    { name: 'encoder.conv1.bias', ne: [1, a], type: GGML_TYPE_F32, init: ZERO },
    { name: 'encoder.conv2.weight', ne: [3, a, a], type: wtype, init: W() },
    { name: 'encoder.conv2.bias', ne: [1, a], type: GGML_TYPE_F32, init: ZERO },
  ];
  for (let i = 0; i < hp.nAudioLayer; i++) {
    const p = `encoder.blocks.${i}`;
    specs.push(...attentionTensors(`${p}.attn`, a, wtype), ...layerNorm(`${p}.attn_ln`, a));
    specs.push(...mlpTensors(p, a, wtype), ...layerNorm(`${p}.mlp_ln`, a));
  }
  specs.push(...layerNorm('encoder.ln_post', a));

  specs.push(
    { name: 'decoder.positional_embedding', ne: [t, hp.nTextCtx], type: GGML_TYPE_F32, init: W(0.01) },
    { name: 'decoder.token_embedding.weight', ne: [t, hp.nVocab], type: wtype, init: W() },
  );
  for (let i = 0; i < hp.nTextLayer; i++) {
    const p = `decoder.blocks.${i}`;
    specs.push(...attentionTensors(`${p}.attn`, t, wtype), ...layerNorm(`${p}.attn_ln`, t));
    specs.push(...attentionTensors(`${p}.cross_attn`, t, wtype), ...layerNorm(`${p}.cross_attn_ln`, t));
    specs.push(...mlpTensors(p, t, wtype), ...layerNorm(`${p}.mlp_ln`, t));
  }
  specs.push(...layerNorm('decoder.ln', t));
  return specs;
}
