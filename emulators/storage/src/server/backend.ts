// What both APIs share: the objects, the rules in force, the upload sessions, the clock and the
// log. The Firebase API asks `decide` before each operation; the JSON API does not (it is the
// server SDK's, which production authorizes with IAM, not with the rules).
import type { Operation, StorageRuleset, ValueMap } from '../rules/index';
import {
  newObjectMetadata,
  ObjectStore,
  type ObjectMetadata,
  type WritableMetadata,
} from './objects';
import type { Principal } from './principal';
import { UploadSessions } from './uploads';
import { rulesResource } from './wire';

export class StorageBackend {
  readonly store: ObjectStore;
  readonly uploads = new UploadSessions();
  rules: StorageRuleset | null = null;
  /** `http://host:port` as clients reach it, for upload URLs and links. */
  origin = '';

  constructor(
    dataDir: string | undefined,
    readonly log: (line: string) => void,
    readonly now: () => number = Date.now,
  ) {
    this.store = new ObjectStore(dataDir);
  }

  /** Whether `principal` may do `operation`; a refusal is logged with the rules' reason. */
  allows(
    principal: Principal,
    operation: Operation,
    bucket: string,
    name: string,
    before: ObjectMetadata | undefined,
    after: ObjectMetadata | null,
  ): boolean {
    if (principal.admin) return true;
    if (this.rules === null) {
      this.log(`storage: ${operation} ${bucket}/${name} refused: no rules are loaded`);
      return false;
    }
    const decision = this.rules.decide({
      operation,
      bucket,
      name,
      auth: principal.auth,
      resource: before ? rulesResource(before) : null,
      requestResource: after ? rulesResource(after) : null,
      now: this.now(),
    });
    if (!decision.allowed) {
      const who = (principal.auth?.['uid'] as string | undefined) ?? 'signed out';
      this.log(`storage: ${operation} ${bucket}/${name} refused for ${who}: ${decision.detail}`);
    }
    return decision.allowed;
  }

  /** The object as it would be stored, for the rules to judge before it is. */
  candidate(
    bucket: string,
    name: string,
    data: Buffer,
    metadata: WritableMetadata,
  ): ObjectMetadata {
    return newObjectMetadata(
      bucket,
      name,
      data,
      metadata,
      this.now(),
      this.store.get(bucket, name)?.metadata,
    );
  }

  save(metadata: ObjectMetadata, data: Buffer): ObjectMetadata {
    this.store.put({ metadata, data });
    return metadata;
  }

  /** `request.auth` of a principal, for logs. */
  static authOf(principal: Principal): ValueMap | null {
    return principal.admin ? null : principal.auth;
  }
}
