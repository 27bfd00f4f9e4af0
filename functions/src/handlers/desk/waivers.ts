// The written waiver and its signatures (core/src/desk/waiver.ts). An admin publishes a version;
// a member signs it with a drawn signature, the full name typed and the language read; the image
// goes to Storage, the record of what was signed (the text's hash, the version, the time, the IP)
// to `WaiverSignatures/{uid}/{id}`, never changed. `Conditions` (the spec's waiver flag) is true
// exactly while the member's signed version is the current one.
import { createHash } from 'node:crypto';
import {
  DomainError,
  SIGNATURE_DATA_URL_PREFIX,
  paths,
  waiverHashInput,
  waiverSignaturePath,
  waiverVersionNumberSchema,
} from '@studio/core';
import type {
  AuditEntry,
  CallableResult,
  MemberWaiver,
  WaiverSignature,
  WaiverText,
  WaiverVersion,
} from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { forEachChild, jobItemFailed, newId, refreshDirectoryEntry } from '../../engine';
import type { RateLimiter } from '../../engine';

/** Where signature images are kept: Cloud Storage through the admin SDK (storage.rules). */
export interface SignatureStore {
  save(path: string, png: Buffer): Promise<void>;
}

export interface WaiverDeps {
  db: Database;
  now: () => number;
  limits?: RateLimiter;
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

async function currentVersion(db: Database): Promise<number | undefined> {
  const parsed = waiverVersionNumberSchema.safeParse(
    (await db.ref(paths.waiverCurrent()).get()).val(),
  );
  return parsed.success ? parsed.data : undefined;
}

/**
 * A member's consent after a new version: false unless their signature is of `version`. Read
 * field by field (never the whole profile); written only when it changes.
 */
async function withdrawOlderConsent(db: Database, uid: string, version: number): Promise<boolean> {
  const [conditions, signed] = await Promise.all([
    db.ref(paths.userField(uid, 'Conditions')).get(),
    db.ref(`${paths.userField(uid, 'waiver')}/version`).get(),
  ]);
  if (conditions.val() !== true || signed.val() === version) return false;
  await db.ref(paths.userField(uid, 'Conditions')).set(false);
  return true;
}

/**
 * `saveWaiver` (admins): publishes the next version (English and Spanish) and makes it current;
 * every member who has not signed it is asked to sign at their next booking or check-in
 * (`Conditions` false), member by member, a page of profiles at a time. Audited.
 */
export async function saveWaiver(
  deps: WaiverDeps,
  { by, text }: { by: string; text: WaiverText },
): Promise<CallableResult<'saveWaiver'> & { reset: number }> {
  const { db, now } = deps;
  const previous = (await currentVersion(db)) ?? 0;
  const version = previous + 1;
  const record: WaiverVersion = {
    version,
    text,
    hash: sha256(waiverHashInput(text)),
    publishedAt: now(),
    publishedBy: by,
  };
  // The version claims its number once: two admins publishing at once get 2 and 3, never one.
  const { committed } = await db
    .ref(paths.waiverVersion(version))
    .transaction((stored: unknown) => (stored === null ? record : undefined), undefined, false);
  if (!committed) throw new DomainError('aborted', 'tryAgain');
  const entry: AuditEntry = {
    at: now(),
    by,
    action: 'saveWaiver',
    target: paths.waiverVersion(version),
    details: { version, hash: record.hash },
  };
  await db.ref().update({
    [paths.waiverCurrent()]: version,
    [paths.auditEntry(`waiver-${version}`)]: entry,
  });
  let reset = 0;
  await forEachChild(
    db,
    paths.users(),
    { pageSize: 100, concurrency: 8 },
    async (uid) => {
      if (await withdrawOlderConsent(db, uid, version)) {
        reset += 1;
        await refreshDirectoryEntry(db, uid);
      }
    },
    (uid, error) => jobItemFailed({ job: 'saveWaiver', target: uid, error }),
  );
  return { version, reset };
}

/** The PNG a signature data URL carries, or `signatureInvalid`. */
export function signaturePng(dataUrl: string): Buffer {
  const png = Buffer.from(dataUrl.slice(SIGNATURE_DATA_URL_PREFIX.length), 'base64');
  if (png.length < 64 || !png.subarray(0, 8).equals(PNG_MAGIC))
    throw new DomainError('invalid-argument', 'signatureInvalid');
  return png;
}

export interface SignCommand {
  /** Who hands in the signature: the member, or the front desk at the kiosk for `uid`. */
  by: string;
  uid: string;
  via: WaiverSignature['via'];
  version: number;
  fullName: string;
  lang: 'en' | 'es';
  signature: string;
  ip: string;
}

/**
 * `signWaiver`: the member signs the current version. Refused, writing nothing, when no waiver is
 * published, the version changed meanwhile, or the image is not a PNG. The image is stored first,
 * then the signature record, the member's `waiver` and `Conditions` in one update; the current
 * version is read again after, so a version published meanwhile asks again. A signature the
 * front desk hands in is audited.
 */
export async function signWaiver(
  deps: WaiverDeps & { store: SignatureStore },
  command: SignCommand,
): Promise<CallableResult<'signWaiver'>> {
  const { db, now, store } = deps;
  const { uid, version } = command;
  if (!(await db.ref(paths.userField(uid, 'Admin')).get()).exists())
    throw new DomainError('not-found', 'userNotFound', { uid });
  const current = await currentVersion(db);
  if (current === undefined) throw new DomainError('failed-precondition', 'waiverNotPublished');
  if (version !== current) throw new DomainError('failed-precondition', 'waiverVersionChanged');
  const published: unknown = (await db.ref(paths.waiverVersion(version)).child('hash').get()).val();
  if (typeof published !== 'string')
    throw new DomainError('failed-precondition', 'waiverNotPublished');
  const png = signaturePng(command.signature);
  await deps.limits?.take(command.by, 'sign');

  const signatureId = newId(db);
  const imagePath = waiverSignaturePath(uid, signatureId);
  await store.save(imagePath, png);
  const signedAt = now();
  const signature: WaiverSignature = {
    version,
    textHash: published,
    lang: command.lang,
    fullName: command.fullName,
    signedAt,
    ip: command.ip,
    imagePath,
    imageSha256: sha256(png),
    imageBytes: png.length,
    via: command.via,
    by: command.by,
  };
  const waiver: MemberWaiver = { version, signedAt, signatureId };
  const updates: Record<string, unknown> = {
    [paths.waiverSignature(uid, signatureId)]: signature,
    [paths.userField(uid, 'waiver')]: waiver,
    [paths.userField(uid, 'Conditions')]: true,
    [paths.userField(uid, 'ConditionsAt')]: signedAt,
  };
  if (command.by !== uid) {
    const entry: AuditEntry = {
      at: signedAt,
      by: command.by,
      action: 'signWaiver',
      target: paths.waiverSignature(uid, signatureId),
      details: { member: uid, version, via: command.via },
    };
    updates[paths.auditEntry(`sign-${signatureId}`)] = entry;
  }
  await db.ref().update(updates);
  // Published meanwhile: the run that reset the others may have passed this member already.
  if ((await currentVersion(db)) !== version)
    await db.ref(paths.userField(uid, 'Conditions')).set(false);
  await refreshDirectoryEntry(db, uid);
  return { signatureId, version };
}
