import { useEffect, useState } from 'react';
import { waiverSignatureSchema, waiverVersionSchema } from '@studio/core';
import type { WaiverSignature, WaiverVersion } from '@studio/core';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../lib/i18n';
import { useFormat } from '../../../lib/format';
import { useLive } from '../../../lib/use-live';
import type { AdminUsersApi } from '../api/admin-users-api';
import './waiver-record.css';
import { usersMessages } from '../users-messages';

const VIA_LABELS = {
  app: 'waiverViaApp',
  kiosk: 'waiverViaKiosk',
  desk: 'waiverViaDesk',
} as const;

/** The member's signatures that parse, newest first (a malformed record is left out). */
export function signaturesOf(value: unknown): [string, WaiverSignature][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value as Record<string, unknown>)
    .flatMap(([id, raw]) => {
      const parsed = waiverSignatureSchema.safeParse(raw);
      return parsed.success ? [[id, parsed.data] as [string, WaiverSignature]] : [];
    })
    .sort(([, a], [, b]) => b.signedAt - a.signedAt);
}

/** Body class under which waiver-record.css prints only the waiver record. */
const PRINTING = 'printing-waiver-record';

/**
 * The record a studio shows an insurer: each written waiver the member signed, with the text of
 * that version, the drawn signature, the typed name, when, where and from which address, and the
 * fingerprints of the text and of the image. Printed on its own (everything else hidden).
 */
export function WaiverRecord({
  api,
  uid,
  name,
  now,
}: {
  api: AdminUsersApi;
  uid: string;
  name: string;
  now: () => number;
}) {
  const ut = useT(usersMessages);
  const signatures = signaturesOf(
    useLive<unknown>((onChange) => api.watchMember(uid, 'waivers', onChange), null, [api, uid]),
  );
  const print = () => {
    document.body.classList.add(PRINTING);
    const done = () => {
      document.body.classList.remove(PRINTING);
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };
  return (
    <section aria-labelledby="waiver-record-title" className="waiver-record">
      <h3 id="waiver-record-title">{ut('waiverRecordTitle')}</h3>
      {signatures.length === 0 ? (
        <p>{ut('waiverRecordEmpty')}</p>
      ) : (
        <>
          <p className="waiver-record-member">{name}</p>
          <ol className="ui-list">
            {signatures.map(([id, signature]) => (
              <SignatureEntry key={id} api={api} signature={signature} now={now} />
            ))}
          </ol>
          <Button variant="secondary" className="waiver-record-print" onClick={print}>
            {ut('waiverRecordPrint')}
          </Button>
        </>
      )}
    </section>
  );
}

function SignatureEntry({
  api,
  signature,
  now,
}: {
  api: AdminUsersApi;
  signature: WaiverSignature;
  now: () => number;
}) {
  const ut = useT(usersMessages);
  const format = useFormat(now);
  const [text, setText] = useState<WaiverVersion | null>(null);
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    api.readWaiverVersion(signature.version).then(
      (value) => {
        const parsed = waiverVersionSchema.safeParse(value);
        if (live && parsed.success) setText(parsed.data);
      },
      () => undefined,
    );
    api.signatureImageUrl(signature.imagePath).then(
      (url) => live && setImage(url),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, signature.version, signature.imagePath]);
  return (
    <li className="waiver-record-entry">
      <p>
        <strong>
          {ut('waiverRecordLine', {
            version: signature.version,
            when: format.momentInText(signature.signedAt),
            lang: ut(signature.lang === 'es' ? 'langEs' : 'langEn'),
          })}
        </strong>
      </p>
      <dl className="ui-details">
        <dt>{ut('waiverRecordName')}</dt>
        <dd>{signature.fullName}</dd>
        <dt>{ut('waiverRecordVia')}</dt>
        <dd>{ut(VIA_LABELS[signature.via])}</dd>
        <dt>{ut('waiverRecordIp')}</dt>
        <dd>{signature.ip || '—'}</dd>
        <dt>{ut('waiverRecordHash')}</dt>
        <dd className="waiver-record-hash">{signature.textHash}</dd>
        <dt>{ut('waiverRecordImageHash')}</dt>
        <dd className="waiver-record-hash">{signature.imageSha256}</dd>
      </dl>
      {image !== null && (
        <img
          className="waiver-record-signature"
          src={image}
          alt={ut('waiverRecordSignature', { name: signature.fullName })}
        />
      )}
      {text !== null && (
        <figure className="waiver-record-text">
          <figcaption>{ut('waiverRecordText')}</figcaption>
          <blockquote>{text.text[signature.lang]}</blockquote>
        </figure>
      )}
    </li>
  );
}
