/** Face descriptors are 128 floats (face-api's recognition net), stored as 512 bytes of float32 little-endian. */
export const DESCRIPTOR_LENGTH = 128;

export function encodeDescriptor(d: Float32Array): Buffer {
  if (d.length !== DESCRIPTOR_LENGTH)
    throw new Error(`a face descriptor has ${DESCRIPTOR_LENGTH} values, not ${d.length}`);
  const buf = Buffer.alloc(d.length * 4);
  for (let i = 0; i < d.length; i++) buf.writeFloatLE(d[i]!, i * 4);
  return buf;
}

export function decodeDescriptor(buf: Uint8Array): Float32Array {
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const out = new Float32Array(buf.byteLength / 4);
  for (let i = 0; i < out.length; i++) out[i] = view.getFloat32(i * 4, true);
  return out;
}

/** Euclidean distance, face-api's measure (same person ≲ 0.5, different people ≳ 0.6). */
export function descriptorDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
  }
  return Math.sqrt(sum);
}

/**
 * The squared distance when it is under `limitSquared`, else Infinity: the sum stops as soon as
 * it passes the limit (different people pass 0.5² within a few dozen of the 128 values), which
 * makes matching every face of a user against every tagged face cheap.
 */
export function squaredDistanceWithin(a: Float32Array, b: Float32Array, limitSquared: number): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = a[i]! - b[i]!;
    sum += d * d;
    if (sum >= limitSquared) return Number.POSITIVE_INFINITY;
  }
  return sum;
}
