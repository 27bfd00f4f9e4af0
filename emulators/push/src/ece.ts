// RFC 8291 (Message Encryption for Web Push) over RFC 8188's `aes128gcm` content coding: what a
// browser does with a push message it receives. Written on node:crypto alone, independently of
// the sender's library, so a test that sends with `web-push` and reads the plaintext here proves
// the wire format, not one library against itself.
import { createDecipheriv, createECDH, createHmac, type ECDH } from 'node:crypto';

const TAG_BYTES = 16;
const HEADER_BYTES = 16 + 4 + 1;
const P256_POINT_BYTES = 65;

export class DecryptError extends Error {
  override readonly name = 'DecryptError';
}

function hmac(key: Uint8Array, ...data: Uint8Array[]): Buffer {
  const mac = createHmac('sha256', key);
  for (const part of data) mac.update(part);
  return mac.digest();
}

/** HKDF (RFC 5869) with one output block, all Web Push ever needs. */
function hkdf(salt: Uint8Array, ikm: Uint8Array, info: Uint8Array, length: number): Buffer {
  const prk = hmac(salt, ikm);
  return hmac(prk, info, Uint8Array.of(1)).subarray(0, length);
}

const text = (value: string) => Buffer.from(value, 'latin1');

/** The user agent's side of a subscription: its P-256 key pair and the 16-byte auth secret. */
export interface ReceiverKeys {
  ecdh: ECDH;
  publicKey: Buffer;
  auth: Buffer;
}

export function receiverKeys(privateKey: Uint8Array, auth: Uint8Array): ReceiverKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { ecdh, publicKey: ecdh.getPublicKey(), auth: Buffer.from(auth) };
}

/**
 * Decrypts an `aes128gcm` Web Push body with the receiver's keys. Throws `DecryptError` for a
 * header that is not RFC 8291's (the key id must be the sender's 65-byte public key), a record
 * that does not authenticate, or padding without its delimiter.
 */
export function decryptWebPush(body: Uint8Array, keys: ReceiverKeys): Buffer {
  if (body.length < HEADER_BYTES) throw new DecryptError('Body shorter than its header');
  const data = Buffer.from(body);
  const salt = data.subarray(0, 16);
  const recordSize = data.readUInt32BE(16);
  const idLength = data.readUInt8(20);
  if (idLength !== P256_POINT_BYTES)
    throw new DecryptError(`keyid must be the sender's public key (65 bytes), got ${idLength}`);
  const senderPublic = data.subarray(HEADER_BYTES, HEADER_BYTES + idLength);
  if (recordSize < TAG_BYTES + 2) throw new DecryptError(`Record size ${recordSize} too small`);

  let shared: Buffer;
  try {
    shared = keys.ecdh.computeSecret(senderPublic);
  } catch {
    throw new DecryptError('keyid is not a point on P-256');
  }
  // RFC 8291 §3.3-3.4: the auth secret and both public keys go into the input keying material.
  const keyInfo = Buffer.concat([text('WebPush: info\0'), keys.publicKey, senderPublic]);
  const ikm = hkdf(keys.auth, shared, keyInfo, 32);
  const key = hkdf(salt, ikm, text('Content-Encoding: aes128gcm\0'), 16);
  const nonceBase = hkdf(salt, ikm, text('Content-Encoding: nonce\0'), 12);

  const records = data.subarray(HEADER_BYTES + idLength);
  if (records.length === 0) throw new DecryptError('No records');
  const plain: Buffer[] = [];
  let offset = 0;
  for (let seq = 0; offset < records.length; seq += 1) {
    const record = records.subarray(offset, offset + recordSize);
    offset += record.length;
    if (record.length <= TAG_BYTES) throw new DecryptError('Record shorter than its tag');
    const nonce = Buffer.from(nonceBase);
    // RFC 8188 §2.3: the record's sequence number XORed into the nonce's end (a body has far
    // fewer than 2^32 records, so the last four bytes hold it).
    nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ seq) >>> 0, 8);
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(record.subarray(record.length - TAG_BYTES));
    let padded: Buffer;
    try {
      padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - TAG_BYTES)),
        decipher.final(),
      ]);
    } catch {
      throw new DecryptError(`Record ${seq} does not authenticate`);
    }
    const last = offset >= records.length;
    let end = padded.length - 1;
    while (end >= 0 && padded[end] === 0) end -= 1;
    const delimiter = padded[end];
    if (delimiter !== (last ? 2 : 1))
      throw new DecryptError(`Record ${seq} has no ${last ? 'final' : ''} padding delimiter`);
    plain.push(padded.subarray(0, end));
  }
  return Buffer.concat(plain);
}
