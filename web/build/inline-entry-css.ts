import type { Plugin } from 'vite';

/**
 * Writes the entry stylesheet into index.html as a `<style>`, so the first paint waits for no
 * request after the page itself (docs/architecture/web-app.md#first-route-and-the-deferred-shell).
 * The `<link>` stays, `disabled` so the browser does not fetch it: Vite's preload helper reads
 * the document's stylesheet links to know what is loaded, and lazy chunks list the entry
 * stylesheet among their dependencies.
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'studio:inline-entry-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (link: string, fileName: string) => {
            const asset = bundle?.[fileName];
            if (asset?.type !== 'asset' || typeof asset.source !== 'string') return link;
            return `<style>${asset.source}</style>\n  ${link.replace(/>$/, ' disabled>')}`;
          },
        );
      },
    },
  };
}
