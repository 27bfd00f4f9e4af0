import type { Database } from 'firebase/database';
import type * as DatabaseModule from 'firebase/database';
import { describe, expect, it } from 'vitest';
import { directorySearchQueries } from '@studio/core';
import { directorySearchQuery } from '../../../lib/firebase-directory-search';
import { directoryPageQuery } from './firebase-admin-users-api';

/** The SDK's query builders, recording what they were given instead of building queries. */
const recordingSdk = {
  ref: (_db: unknown, path: string) => `ref ${path}`,
  query: (...parts: unknown[]) => parts,
  orderByChild: (child: string) => `orderByChild ${child}`,
  startAt: (value: string) => `startAt ${value}`,
  endAt: (value: string) => `endAt ${value}`,
  limitToFirst: (limit: number) => `limitToFirst ${limit}`,
} as unknown as typeof DatabaseModule;
const db = {} as Database;

describe('the directory queries', () => {
  it('a page is the first entries by nameKey, limited', () => {
    expect(directoryPageQuery(db, recordingSdk, 50)).toEqual([
      'ref UserDirectory',
      'orderByChild nameKey',
      'limitToFirst 50',
    ]);
  });

  it('a search is a prefix range of one index, limited', () => {
    const [byName] = directorySearchQueries('Ana');
    expect(directorySearchQuery(db, recordingSdk, byName!, 50)).toEqual([
      'ref UserDirectory',
      'orderByChild nameKey',
      'startAt ana',
      'endAt ana\uf8ff',
      'limitToFirst 50',
    ]);
  });
});
