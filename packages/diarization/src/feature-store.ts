const FRAMES_PER_BLOCK = 4096;

/**
 * Feature frames in fixed blocks (never one growing array: an hour is ≈ 360,000 frames, ≈ 29 MB at
 * 20 floats a frame, and doubling a buffer of that size would briefly need twice as much).
 */
export class FeatureStore {
  readonly dimension: number;
  private readonly blocks: Float32Array[] = [];
  private count = 0;

  constructor(dimension: number) {
    this.dimension = dimension;
  }

  get length(): number {
    return this.count;
  }

  /** A fresh frame to fill in. */
  append(): Float32Array {
    const index = this.count % FRAMES_PER_BLOCK;
    if (index === 0) this.blocks.push(new Float32Array(FRAMES_PER_BLOCK * this.dimension));
    this.count++;
    const block = this.blocks[this.blocks.length - 1]!;
    return block.subarray(index * this.dimension, (index + 1) * this.dimension);
  }

  /** Frame `i` (a view: do not keep it across appends you did not expect). */
  frame(i: number): Float32Array {
    const block = this.blocks[Math.floor(i / FRAMES_PER_BLOCK)]!;
    const index = i % FRAMES_PER_BLOCK;
    return block.subarray(index * this.dimension, (index + 1) * this.dimension);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.blocks.length * FRAMES_PER_BLOCK * this.dimension * 4;
  }
}
