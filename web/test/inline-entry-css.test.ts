import type { IndexHtmlTransformContext, IndexHtmlTransformHook } from 'vite';
import { describe, expect, it } from 'vitest';
import { inlineEntryCss } from '../build/inline-entry-css';

const CSS_FILE = 'assets/index-abc123.css';
const LINK = `<link rel="stylesheet" crossorigin href="/${CSS_FILE}">`;

function transform(html: string, source: unknown): string {
  const hook = inlineEntryCss().transformIndexHtml;
  if (!hook || typeof hook === 'function') throw new Error('expected an ordered hook');
  const handler: IndexHtmlTransformHook = hook.handler;
  // Only `bundle` is read; the rest of the context does not matter to this plugin.
  const context = {
    path: '/index.html',
    filename: 'index.html',
    bundle: { [CSS_FILE]: { type: 'asset', fileName: CSS_FILE, source } },
  } as unknown as IndexHtmlTransformContext;
  const result = handler.call(undefined as never, html, context);
  if (typeof result !== 'string') throw new Error('expected the page back as text');
  return result;
}

describe('the entry stylesheet in index.html', () => {
  it('is written into the page and its link no longer fetched', () => {
    const html = transform(`<head>${LINK}</head>`, '.app{color:red}');
    expect(html).toContain('<style>.app{color:red}</style>');
    // The disabled link stays for Vite's preload helper, which then never loads the file.
    expect(html).toContain(`<link rel="stylesheet" crossorigin href="/${CSS_FILE}" disabled>`);
    expect(
      html.match(/<link rel="stylesheet"[^>]*>/g)?.every((tag) => tag.includes('disabled')),
    ).toBe(true);
  });

  it('leaves a stylesheet it cannot read as a normal link', () => {
    expect(transform(`<head>${LINK}</head>`, new Uint8Array([46]))).toBe(`<head>${LINK}</head>`);
  });
});
