import { onRequest } from 'firebase-functions/v2/https';
import { adminDatabase } from '../../admin';
import { handleUnsubscribe } from '../../handlers/mail/unsubscribe';
import { MAIL_UNSUBSCRIBE_SECRET } from '../../mail';
import { WEBHOOK_OPTIONS } from '../callable';

/**
 * `mailUnsubscribe`: the one-click link in every mail (RFC 8058). GET shows a confirm page, POST
 * records the choice; the HMAC in the link is the only credential.
 */
export const mailUnsubscribe = onRequest(
  { ...WEBHOOK_OPTIONS, secrets: [MAIL_UNSUBSCRIBE_SECRET] },
  async (req, res) => {
    const query = new URL(req.originalUrl || req.url, 'http://unsubscribe.invalid').searchParams;
    const response = await handleUnsubscribe(
      { db: adminDatabase(), secret: MAIL_UNSUBSCRIBE_SECRET.value() },
      { method: req.method, query, acceptLanguage: req.get('accept-language') },
    );
    res
      .status(response.status)
      .set({
        'Content-Type': 'text/html; charset=utf-8',
        'Cache-Control': 'no-store',
        'Referrer-Policy': 'no-referrer',
        ...response.headers,
      })
      .send(response.html);
  },
);
