// The SDK's node hash, bit for bit: transactions compare it with the client's
// cached value, so any difference makes every transaction fail with `datastale`.

import { createHash } from 'node:crypto';
import { compareIndexed, keyAsInt, parseIndex } from '../query/order';
import type { SortedEntry } from '../query/order';
import type { ChildrenNode, MaybeNode, Node, Priority } from './node';

/**
 * Port of the SDK's doubleToIEEE754String. It derives the exponent with Math.log, which is
 * off by one just below powers of two; the SDK's hashes carry that error, so ours must too
 * (Buffer.writeDoubleBE would be "correct" and wrong here). Sign, exponent and fraction are
 * computed with the SDK's exact formulas; only the packing is faster: the SDK emits the low
 * 52 bits of `f` and 11 bits of `e` by repeated `% 2` / `Math.floor(x / 2)`, i.e. their
 * two's-complement bits (the quirk makes `f` negative), which 32-bit splitting reproduces.
 */
export function doubleToIEEE754String(input: number): string {
  const ebits = 11;
  const fbits = 52;
  const bias = (1 << (ebits - 1)) - 1;
  let v = input;
  let sign: boolean;
  let e: number;
  let f: number;
  if (v === 0) {
    e = 0;
    f = 0;
    sign = 1 / v === -Infinity;
  } else {
    sign = v < 0;
    v = Math.abs(v);
    if (v >= Math.pow(2, 1 - bias)) {
      const ln = Math.min(Math.floor(Math.log(v) / Math.LN2), bias);
      e = ln + bias;
      f = Math.round(v * Math.pow(2, fbits - ln) - Math.pow(2, fbits));
    } else {
      e = 0;
      f = Math.round(v / Math.pow(2, 1 - bias - fbits));
    }
  }
  // At 2^-1022 the SDK's formula overflows to Infinity; its loop then emits only zero bits.
  if (!Number.isFinite(f)) f = 0;
  // f is an integer: split it exactly into 32-bit halves, flooring like the SDK's loop so
  // negative values yield their two's-complement bits.
  const fHigh = Math.floor(f / 0x100000000);
  const fLow = f - fHigh * 0x100000000;
  const highWord = ((sign ? 1 : 0) * 0x80000000 + (e & 0x7ff) * 0x100000 + (fHigh & 0xfffff)) >>> 0;
  return highWord.toString(16).padStart(8, '0') + fLow.toString(16).padStart(8, '0');
}

const SURROGATE = /[\ud800-\udfff]/;

/**
 * UTF-8 bytes as @firebase/util's stringToByteArray produces them. It differs from Node's
 * encoder only for lone surrogates (encoded as-is instead of U+FFFD).
 */
function utf8Bytes(str: string): Buffer {
  const out: number[] = [];
  for (let i = 0; i < str.length; i++) {
    let c = str.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const high = c - 0xd800;
      i++;
      const low = str.charCodeAt(i) - 0xdc00;
      c = 0x10000 + (high << 10) + low;
    }
    if (c < 128) {
      out.push(c);
    } else if (c < 2048) {
      out.push((c >> 6) | 192, (c & 63) | 128);
    } else if (c < 65536) {
      out.push((c >> 12) | 224, ((c >> 6) & 63) | 128, (c & 63) | 128);
    } else {
      out.push((c >> 18) | 240, ((c >> 12) & 63) | 128, ((c >> 6) & 63) | 128, (c & 63) | 128);
    }
  }
  return Buffer.from(out.map((byte) => byte & 0xff));
}

function sha1Base64(str: string): string {
  const input = SURROGATE.test(str) ? utf8Bytes(str) : str;
  return createHash('sha1').update(input).digest('base64');
}

function priorityHashText(priority: Exclude<Priority, null>): string {
  return typeof priority === 'number'
    ? 'number:' + doubleToIEEE754String(priority)
    : 'string:' + priority;
}

const PRIORITY_INDEX = parseIndex(undefined);

/** Children in priority-index order, sorted here rather than through the shared sort cache. */
function priorityOrder(node: ChildrenNode): SortedEntry[] {
  const entries: SortedEntry[] = [];
  for (const [key, childNode] of node.children) {
    entries.push({ key, keyInt: keyAsInt(key), node: childNode, value: childNode.priority });
  }
  if (entries.length > 1) entries.sort((a, b) => compareIndexed(PRIORITY_INDEX, a, b));
  return entries;
}

// Nodes are immutable, so a hash never goes stale; unchanged subtrees are hashed once.
const cache = new WeakMap<Node, string>();

/** The SDK's LeafNode.hash / ChildrenNode.hash; `""` for the empty node. */
export function hashNode(node: MaybeNode): string {
  if (node === null) return '';
  const cached = cache.get(node);
  if (cached !== undefined) return cached;
  let toHash = node.priority === null ? '' : 'priority:' + priorityHashText(node.priority) + ':';
  let hash: string;
  if (node.kind === 'leaf') {
    const type = typeof node.value;
    toHash += type + ':';
    toHash += type === 'number' ? doubleToIEEE754String(node.value as number) : String(node.value);
    hash = sha1Base64(toHash);
  } else {
    for (const entry of priorityOrder(node)) {
      const childHash = hashNode(entry.node);
      if (childHash !== '') toHash += ':' + entry.key + ':' + childHash;
    }
    hash = toHash === '' ? '' : sha1Base64(toHash);
  }
  cache.set(node, hash);
  return hash;
}
