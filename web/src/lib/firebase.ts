/**
 * How feature code reaches Firebase: each call loads the SDK (`lib/firebase-sdk.ts`) on first
 * use, so importing this module costs nothing and no page's first render waits for the SDK
 * (docs/architecture/performance.md#the-load-chain-of-a-data-page).
 */
import type { CallableName, CallableResult } from '@studio/core';
import type { Database } from 'firebase/database';
import type { Functions } from 'firebase/functions';
import type { FirebaseStorage } from 'firebase/storage';
import type { CallableInput } from './firebase-sdk';

export type { CallableInput, FirebaseServices } from './firebase-sdk';

const sdk = () => import('./firebase-sdk');

/** The default database instance, or the one at `databaseUrl` (lib/instances.ts). */
export async function getDatabaseClient(databaseUrl?: string): Promise<Database> {
  return (await sdk()).getDatabaseClient(databaseUrl);
}

export async function getFunctionsClient(): Promise<Functions> {
  return (await sdk()).getFunctionsClient();
}

export async function getStorageClient(): Promise<FirebaseStorage> {
  return (await sdk()).getStorageClient();
}

/** Calls an HTTPS callable function and returns its `result`. */
export async function callFunction<N extends CallableName>(
  name: N,
  data: CallableInput<N>,
): Promise<CallableResult<N>> {
  return (await sdk()).callFunction(name, data);
}
