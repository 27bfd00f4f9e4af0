/**
 * The one-click unsubscribe endpoint (RFC 8058). The link names the member and the kind with an
 * HMAC (functions/src/mail/unsubscribe.ts), so it needs no sign-in. GET shows a small page in
 * the member's language with one button (link scanners and prefetchers GET, so GET writes
 * nothing); POST — the button, or a mail client's one-click — sets
 * `Users/{uid}/mail-preferences/{kind}` to false. A forged, altered or unknown link gets 400 and
 * a page saying so, and nothing is written.
 */
import { isMailPreferenceKind, paths, type Lang } from '@studio/core';
import type { Database } from 'firebase-admin/database';
import { escapeHtml, verifyUnsubscribe } from '../../mail';
import { mailUnsubscribeRefused, mailUnsubscribed } from './logs';
import { unsubscribeTexts, type UnsubscribeTexts } from './unsubscribe-texts';

export interface UnsubscribeRequest {
  method: string;
  /** The link's query string (`uid`, `kind`, `token`). */
  query: URLSearchParams;
  /** `Accept-Language`, for pages about a link that names no member we can ask. */
  acceptLanguage?: string | undefined;
}

export interface UnsubscribeResponse {
  status: 200 | 400 | 405;
  html: string;
  headers?: Record<string, string>;
}

function page(lang: Lang, title: string, body: string): string {
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#111827;">
<h1 style="font-size:1.4rem;">${escapeHtml(title)}</h1>
${body}
</body>
</html>
`;
}

function browserLang(acceptLanguage: string | undefined): Lang {
  return acceptLanguage?.trim().toLowerCase().startsWith('es') ? 'es' : 'en';
}

/** The member's language, or undefined when the link names no member. */
async function memberLang(db: Database, uid: string): Promise<Lang | undefined> {
  const [exists, lang] = await Promise.all([
    db
      .ref(paths.user(uid))
      .orderByKey()
      .limitToFirst(1)
      .get()
      .then((snapshot) => snapshot.exists()),
    db
      .ref(paths.userField(uid, 'Lang'))
      .get()
      .then((snapshot): unknown => snapshot.val()),
  ]);
  if (!exists) return undefined;
  return lang === 'es' ? 'es' : 'en';
}

function refused(lang: Lang, t: UnsubscribeTexts, reason: string): UnsubscribeResponse {
  mailUnsubscribeRefused({ reason });
  return { status: 400, html: page(lang, t.invalidTitle, `<p>${escapeHtml(t.invalidBody)}</p>`) };
}

export async function handleUnsubscribe(
  deps: { db: Database; secret: string },
  request: UnsubscribeRequest,
): Promise<UnsubscribeResponse> {
  const method = request.method.toUpperCase();
  const fallback = browserLang(request.acceptLanguage);
  if (method !== 'GET' && method !== 'POST') {
    return {
      status: 405,
      html: page(fallback, 'Method not allowed', ''),
      headers: { Allow: 'GET, POST' },
    };
  }
  const link = verifyUnsubscribe(request.query, deps.secret);
  if (link === undefined) return refused(fallback, unsubscribeTexts[fallback], 'bad signature');
  const lang = await memberLang(deps.db, link.uid);
  if (lang === undefined) {
    return refused(fallback, unsubscribeTexts[fallback], 'unknown member');
  }
  const t = unsubscribeTexts[lang];
  const what = t.kinds[link.kind];
  if (!isMailPreferenceKind(link.kind)) {
    // Receipts and the studio's class cancellations always go: say so, change nothing.
    return {
      status: 200,
      html: page(lang, t.alwaysTitle, `<p>${escapeHtml(t.alwaysBody(what))}</p>`),
    };
  }
  if (method === 'GET') {
    return {
      status: 200,
      html: page(
        lang,
        t.confirmTitle,
        `<p>${escapeHtml(t.confirmBody(what))}</p>
<form method="post"><button type="submit" style="padding:.75rem 1.25rem;font-size:1rem;">${escapeHtml(t.confirmButton)}</button></form>`,
      ),
    };
  }
  await deps.db.ref(paths.mailPreference(link.uid, link.kind)).set(false);
  mailUnsubscribed({ uid: link.uid, kind: link.kind });
  return { status: 200, html: page(lang, t.doneTitle, `<p>${escapeHtml(t.doneBody(what))}</p>`) };
}
