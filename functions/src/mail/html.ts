/**
 * The HTML part's frame: one column, inline styles (mail clients drop <style> blocks), the
 * studio's name and colour. Every value that reaches it is escaped here or by the renderer.
 */

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

const FALLBACK_COLOR = '#111827';

/** A `#rgb` / `#rrggbb` colour, else the fallback: the value lands inside a style attribute. */
export function safeColor(value: string): string {
  return /^#(?:[0-9a-fA-F]{3}){1,2}$/.test(value) ? value : FALLBACK_COLOR;
}

/** White or near-black, whichever reads better on `color` (WCAG relative luminance). */
export function textColorOn(color: string): string {
  const hex = safeColor(color).slice(1);
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white vs. with #111827 (luminance ≈ 0.0116).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0616 ? '#ffffff' : '#111827';
}

/** An http(s) link for an href, normalised by URL (quotes and spaces percent-encoded). */
export function safeHref(url: string): string {
  const parsed = new URL(url);
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    throw new RangeError(`Not a web link: ${url}`);
  }
  return escapeHtml(parsed.href);
}

export interface HtmlFrame {
  lang: string;
  title: string;
  studioName: string;
  color: string;
  /** Already-escaped HTML of the body. */
  body: string;
  /** Already-escaped HTML of the footer. */
  footer: string;
}

export function htmlDocument(frame: HtmlFrame): string {
  const color = safeColor(frame.color);
  return `<!doctype html>
<html lang="${escapeHtml(frame.lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(frame.title)}</title>
</head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:8px;overflow:hidden;">
<tr><td style="background:${color};color:${textColorOn(color)};padding:16px 24px;font-size:20px;font-weight:bold;">${escapeHtml(frame.studioName)}</td></tr>
<tr><td style="padding:24px;font-size:16px;line-height:1.5;">
${frame.body}
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;line-height:1.5;color:#4b5563;">
${frame.footer}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}
