/** base64url without padding (RFC 7515 §2), the encoding of every key and token in Web Push. */
export function toBase64Url(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64url');
}

/** Decodes base64url; undefined for anything that is not exactly that alphabet. */
export function fromBase64Url(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return undefined;
  return Buffer.from(text, 'base64url');
}
