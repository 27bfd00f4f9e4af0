import { describe, expect, it } from 'vitest';
import { unsubscribeUrl, verifyUnsubscribe } from '../../src/mail/index.ts';

const SECRET = 'a-test-secret-of-some-length';
const ENDPOINT = 'https://us-central1-demo.cloudfunctions.net/mailUnsubscribe';

function params(url: string): URLSearchParams {
  return new URL(url).searchParams;
}

describe('unsubscribe links', () => {
  it('name the member and the kind, and verify with the same secret', () => {
    const url = unsubscribeUrl(ENDPOINT, { uid: 'u1', kind: 'class-reminder' }, SECRET);
    expect(url.startsWith(`${ENDPOINT}?uid=u1&kind=class-reminder&token=`)).toBe(true);
    expect(verifyUnsubscribe(params(url), SECRET)).toEqual({ uid: 'u1', kind: 'class-reminder' });
  });

  it('refuse a link signed with another secret', () => {
    const url = unsubscribeUrl(ENDPOINT, { uid: 'u1', kind: 'welcome' }, SECRET);
    expect(verifyUnsubscribe(params(url), 'another-secret-of-some-length')).toBeUndefined();
  });

  it('refuse a link whose member or kind was changed', () => {
    const url = new URL(unsubscribeUrl(ENDPOINT, { uid: 'u1', kind: 'welcome' }, SECRET));
    const otherUid = new URLSearchParams(url.searchParams);
    otherUid.set('uid', 'u2');
    expect(verifyUnsubscribe(otherUid, SECRET)).toBeUndefined();
    const otherKind = new URLSearchParams(url.searchParams);
    otherKind.set('kind', 'purchase-receipt');
    expect(verifyUnsubscribe(otherKind, SECRET)).toBeUndefined();
  });

  it('refuse missing, malformed or unknown parts', () => {
    expect(verifyUnsubscribe(new URLSearchParams(''), SECRET)).toBeUndefined();
    expect(
      verifyUnsubscribe(new URLSearchParams('uid=a/b&kind=welcome&token=x'), SECRET),
    ).toBeUndefined();
    expect(
      verifyUnsubscribe(new URLSearchParams('uid=u1&kind=spam&token=x'), SECRET),
    ).toBeUndefined();
    expect(
      verifyUnsubscribe(new URLSearchParams('uid=u1&kind=welcome&token=short'), SECRET),
    ).toBeUndefined();
  });

  it('refuse a secret too short to sign with', () => {
    expect(() => unsubscribeUrl(ENDPOINT, { uid: 'u1', kind: 'welcome' }, 'short')).toThrow(
      RangeError,
    );
  });
});
