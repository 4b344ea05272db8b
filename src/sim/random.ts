import { nodeCrypto } from '../common/node-crypto.js';

/**
 * The cluster's source of randomness (pod name suffixes, UIDs). With a seed it is a PRNG whose
 * state lives in the database, so every process continues the same sequence and a seeded
 * cluster gives the same names on every run; without one it is crypto randomness.
 */
export interface RandomSource {
  /** a uniformly distributed 32-bit unsigned integer */
  nextUint32(): number;
  /** what n calls of nextUint32 give, in order (a seeded source reads and writes its state once) */
  nextUint32s?(n: number): number[];
}

/** n draws of rand in order: its nextUint32s when it has one, else n calls of nextUint32. */
export function drawUint32s(rand: RandomSource, n: number): number[] {
  if (rand.nextUint32s) return rand.nextUint32s(n);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push(rand.nextUint32());
  return out;
}

/** Persists the PRNG state; the keyspace meta table in practice. */
export interface RandomStateStore {
  getMeta(name: string): string | undefined;
  setMeta(name: string, value: string): void;
}

const STATE_KEY = 'rng_state';

/** mulberry32: small, fast, good enough for names; the state is one 32-bit word. */
function mulberry32Step(state: number): { state: number; value: number } {
  const next = (state + 0x6d2b79f5) >>> 0;
  let t = next;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return { state: next, value: (t ^ (t >>> 14)) >>> 0 };
}

export class SeededRandom implements RandomSource {
  constructor(
    private readonly store: RandomStateStore,
    private readonly seed: number,
  ) {}

  nextUint32(): number {
    const saved = this.store.getMeta(STATE_KEY);
    const state = saved === undefined ? this.seed >>> 0 : Number(saved);
    const step = mulberry32Step(state);
    this.store.setMeta(STATE_KEY, String(step.state));
    return step.value;
  }

  nextUint32s(n: number): number[] {
    const out: number[] = [];
    if (n <= 0) return out;
    const saved = this.store.getMeta(STATE_KEY);
    let state = saved === undefined ? this.seed >>> 0 : saved === this.written ? this.writtenState : Number(saved);
    for (let i = 0; i < n; i++) {
      const step = mulberry32Step(state);
      state = step.state;
      out.push(step.value);
    }
    this.written = String(state);
    this.writtenState = state;
    this.store.setMeta(STATE_KEY, this.written);
    return out;
  }

  /**
   * The state nextUint32s stored last, as text and as the number it reads as: the store gives
   * that text back until someone else draws, so it is not parsed again (an Event or a pod's UID
   * at each create: 40,000 in an advance of 10,000 pods).
   */
  private written: string | undefined;
  private writtenState = 0;
}

export class CryptoRandom implements RandomSource {
  nextUint32(): number {
    return nodeCrypto().randomBytes(4).readUInt32BE(0);
  }
}

/**
 * A random source that draws from hashes of a key: draw n is the first four bytes of
 * sha256(`<key>#<n>`), big-endian. Deterministic, and apart from the cluster's sequence (it reads
 * and writes no state), for what must not move the seeded sequence: the UIDs of the objects a new
 * cluster writes last, kubectl diff's temp directory names.
 *
 *   hashRandom('node-lease:kubemu-worker').nextUint32() → sha256('node-lease:kubemu-worker#0')'s first 4 bytes
 */
export function hashRandom(key: string): RandomSource {
  let n = 0;
  return { nextUint32: () => nodeCrypto().createHash('sha256').update(`${key}#${n++}`).digest().readUInt32BE(0) };
}

/** apimachinery's rand.String alphabet: no vowels (no words), no 0/1/3 (no look-alikes). */
export const NAME_ALPHABET = 'bcdfghjklmnpqrstvwxz2456789';

/** `rand.String(n)` as used for generateName suffixes (`hello-85854d9fd8-4mjwb`). */
export function randomNameSuffix(rand: RandomSource, n = 5): string {
  let s = '';
  for (const draw of drawUint32s(rand, n)) s += NAME_ALPHABET[draw % NAME_ALPHABET.length];
  return s;
}

/** The two hex digits of each byte. */
const HEX2: readonly string[] = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

/** The hex digits of the top two bytes of a 32-bit integer, then of the bottom two. */
function hexHigh(n: number): string {
  return HEX2[n >>> 24]! + HEX2[(n >>> 16) & 255]!;
}
function hexLow(n: number): string {
  return HEX2[(n >>> 8) & 255]! + HEX2[n & 255]!;
}

/**
 * An RFC 4122 version-4 UUID drawn from rand: the four draws' big-endian bytes, the version in
 * the high nibble of byte 6 and the variant in the top bits of byte 8; made from the bytes' hex
 * digits by table (no Buffer, no toString(16) and padding: events and pods get one each, 30,000
 * in an apply of 10,000 pods, and that took ~1 us a UID).
 */
export function randomUid(rand: RandomSource): string {
  const [d0 = 0, d1 = 0, d2 = 0, d3 = 0] = drawUint32s(rand, 4);
  const b = (d1 & 0xffff0fff) | 0x00004000;
  const c = (d2 & 0x3fffffff) | 0x80000000;
  return `${hexHigh(d0)}${hexLow(d0)}-${hexHigh(b)}-${hexLow(b)}-${hexHigh(c)}-${hexLow(c)}${hexHigh(d3)}${hexLow(d3)}`;
}
