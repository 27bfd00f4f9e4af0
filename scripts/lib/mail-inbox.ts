// MailDev (a local SMTP server with a web inbox and a REST API) in this process: the local stack's
// stand-in for a real mail server, and what the mail tests send to. Ports 0 pick free ones.
// MailDev is ESM only and the stack is also loaded by CommonJS code (functions/bench runs under
// tsx in the functions package, which is CommonJS), so it is imported when the inbox starts.

export interface MailInbox {
  host: string;
  smtpPort: number;
  webPort: number;
  /** The web inbox; its REST API is under `${url}/api` (`GET /api/email`, …). */
  url: string;
  /** Every message received so far, as MailDev's REST API returns them. */
  messages(): Promise<InboxMessage[]>;
  stop(): Promise<void>;
}

/** The fields of MailDev's `GET /api/email` entries that our checks read. */
export interface InboxMessage {
  id: string;
  subject: string;
  text?: string;
  html?: string;
  to: { address: string; name: string }[];
  from: { address: string; name: string }[];
  headers: Record<string, string>;
  attachments?: { filename: string; contentType: string; generatedFileName: string }[];
}

export interface MailInboxOptions {
  host?: string;
  smtpPort?: number;
  webPort?: number;
  /** Keeps the received mail here across restarts; MailDev's default is a shared /tmp/maildev. */
  mailDirectory: string;
}

export async function startMailInbox(options: MailInboxOptions): Promise<MailInbox> {
  const host = options.host ?? '127.0.0.1';
  const { MailDev } = await import('maildev');
  const maildev = new MailDev({
    smtp: options.smtpPort ?? 0,
    ip: host,
    web: options.webPort ?? 0,
    webIp: host,
    mailDirectory: options.mailDirectory,
    silent: true,
  });
  const servers = await maildev.start();
  const smtpPort = servers.smtp.getPort();
  const webPort = servers.api?.getPort();
  if (webPort === null || webPort === undefined) {
    await maildev.stop();
    throw new Error('MailDev started without its web inbox');
  }
  const url = `http://${host}:${webPort}`;
  return {
    host,
    smtpPort,
    webPort,
    url,
    async messages() {
      const response = await fetch(`${url}/api/email`);
      if (!response.ok) throw new Error(`MailDev answered ${response.status} to GET /api/email`);
      return (await response.json()) as InboxMessage[];
    },
    stop: () => maildev.stop(),
  };
}
