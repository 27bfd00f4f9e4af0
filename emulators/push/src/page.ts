// The stand-in's one page: subscriptions and the messages that arrived, newest first, with
// their decrypted payloads. Everything shown is escaped; the page runs no script.
import type { PushState } from './state';

function escape(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (char) =>
      ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

export function messagesPage(state: PushState): string {
  const rows = [...state.messages]
    .reverse()
    .map(
      (message) => `<tr>
  <td>${escape(new Date(message.receivedAt).toISOString())}</td>
  <td class="status s${message.status}">${message.status}${message.error ? ` <small>${escape(message.error)}</small>` : ''}</td>
  <td><code>${escape(message.endpoint.split('/').pop() ?? '')}</code></td>
  <td>${escape(message.urgency ?? '')}</td>
  <td><pre>${escape(message.payload ?? '')}</pre></td>
</tr>`,
    )
    .join('\n');
  const subscriptions = [...state.subscriptions.values()]
    .map(
      (subscription) =>
        `<li><code>${escape(subscription.endpoint)}</code>${subscription.gone ? ' (unsubscribed: 410)' : ''}</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Push service stand-in</title>
<style>
  body { font: 15px/1.5 system-ui, sans-serif; margin: 2rem auto; max-width: 72rem; padding: 0 1rem; color: #1d1b20; }
  h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
  table { border-collapse: collapse; width: 100%; }
  th, td { border-bottom: 1px solid #ddd; padding: .4rem .6rem; text-align: left; vertical-align: top; }
  pre { margin: 0; white-space: pre-wrap; word-break: break-word; font-size: 13px; }
  .s201 { color: #1b6e2a; } .status:not(.s201) { color: #a11d1d; }
</style>
</head>
<body>
<h1>Push service stand-in</h1>
<p>Every push message the functions sent, decrypted with the subscription's keys. JSON: <a href="/api/messages">/api/messages</a>. Reload to refresh.</p>
<h2>Subscriptions (${state.subscriptions.size})</h2>
<ul>${subscriptions || '<li>None yet.</li>'}</ul>
<h2>Messages (${state.messages.length})</h2>
<table>
<thead><tr><th>received</th><th>answer</th><th>subscription</th><th>urgency</th><th>payload</th></tr></thead>
<tbody>
${rows || '<tr><td colspan="5">No messages yet.</td></tr>'}
</tbody>
</table>
</body>
</html>
`;
}
