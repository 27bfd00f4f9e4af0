// Text of the server→client messages. Values are passed as JSON text so a
// push shared by many listeners is serialized once.

export function dataPushText(wirePath: string, valueJson: string, tag: number | null): string {
  const tagPart = tag === null ? '' : `,"t":${tag}`;
  return `{"t":"d","d":{"a":"d","b":{"p":${JSON.stringify(wirePath)},"d":${valueJson}${tagPart}}}}`;
}

export function mergePushText(wirePath: string, changes: Record<string, unknown>): string {
  return JSON.stringify({ t: 'd', d: { a: 'm', b: { p: wirePath, d: changes } } });
}

export function revokeText(wirePath: string, rawQuery: unknown, tagged: boolean): string {
  const body: Record<string, unknown> = { p: wirePath };
  if (tagged) body['q'] = [rawQuery];
  return JSON.stringify({ t: 'd', d: { a: 'c', b: body } });
}

export function responseText(requestId: unknown, status: string, data: unknown): string {
  return JSON.stringify({ t: 'd', d: { r: requestId, b: { s: status, d: data } } });
}

export function responseOkRawText(requestId: unknown, dataJson: string): string {
  return `{"t":"d","d":{"r":${JSON.stringify(requestId)},"b":{"s":"ok","d":${dataJson}}}}`;
}

export function helloText(timestamp: number, host: string, sessionId: string): string {
  return JSON.stringify({
    t: 'c',
    d: { t: 'h', d: { ts: timestamp, v: '5', h: host, s: sessionId } },
  });
}

export const PONG_TEXT = '{"t":"c","d":{"t":"o","d":{}}}';

export function authRevokedText(status: string, message: string): string {
  return JSON.stringify({ t: 'd', d: { a: 'ac', b: { s: status, d: message } } });
}

export function wirePathOf(segments: readonly string[]): string {
  return '/' + segments.join('/');
}
