// Resumable upload sessions of both APIs: started with the object's metadata, filled chunk by
// chunk at an offset, finalized into an object. Kept in memory (a restart loses sessions in
// flight, and the SDKs start again).
import { randomUUID } from 'node:crypto';
import type { WritableMetadata } from './objects';

export interface UploadSession {
  id: string;
  bucket: string;
  name: string;
  metadata: WritableMetadata;
  /** The size announced at start, when it was. */
  declaredSize: number | null;
  /** The Authorization header the session was started with (the Firebase API checks it again). */
  authorization: string | undefined;
  chunks: Buffer[];
  received: number;
  status: 'active' | 'final' | 'cancelled';
  /** The answer a finished session gives again when asked. */
  result?: { status: number; body: unknown };
  /** `ifGenerationMatch` given at start (JSON API). */
  ifGenerationMatch?: number;
  startedAt: number;
}

/** Sessions older than this are forgotten. */
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export class UploadSessions {
  private readonly sessions = new Map<string, UploadSession>();

  start(
    fields: Omit<UploadSession, 'id' | 'chunks' | 'received' | 'status' | 'startedAt'>,
  ): UploadSession {
    const now = Date.now();
    for (const [id, session] of this.sessions) {
      if (now - session.startedAt > SESSION_TTL_MS) this.sessions.delete(id);
    }
    const session: UploadSession = {
      ...fields,
      id: randomUUID(),
      chunks: [],
      received: 0,
      status: 'active',
      startedAt: now,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  get(id: string | null): UploadSession | undefined {
    return id === null ? undefined : this.sessions.get(id);
  }

  append(session: UploadSession, chunk: Buffer): void {
    session.chunks.push(chunk);
    session.received += chunk.length;
  }

  bytes(session: UploadSession): Buffer {
    return Buffer.concat(session.chunks);
  }

  reset(): void {
    this.sessions.clear();
  }
}
