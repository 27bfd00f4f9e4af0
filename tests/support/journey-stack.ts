// vitest globalSetup of the `tests` project: ONE local stack for every journey file of a run,
// instead of one per file (~40 s of start-up each). It is started on the first file's request, so
// runs without a journey never pay for it. Journeys share demo accounts and assert on global data
// (no Payments yet, demo credits, empty rosters), so the files take turns: a file holds the stack
// from its beforeAll to its afterAll, and the holder resets the data first (journey.ts). Files
// run in worker processes, so the turns are handed out over a small HTTP server on a free port.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TestProject } from 'vitest/node';
import { startStack, type Stack, type StackPorts } from '../../scripts/lib/stack.ts';

/** What a journey file needs of the shared stack; plain data, sent to the worker processes. */
export interface SharedStackInfo {
  ports: StackPorts;
  projectId: string;
  namespace: string;
  env: Record<string, string>;
  databaseUrl: string;
  storageUrl: string;
  stripeUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** `http://127.0.0.1:port` of the turn server; absent when this setup did not run. */
    journeyStackServer?: string;
  }
}

interface Turn {
  pid: number;
  response: ServerResponse;
  /** The file stopped waiting (its hook timed out, its worker ended). */
  gone: boolean;
}

function describeStack(stack: Stack): SharedStackInfo {
  return {
    ports: stack.ports,
    projectId: stack.projectId,
    namespace: stack.namespace,
    env: stack.env,
    databaseUrl: stack.database.url,
    storageUrl: stack.storage.url,
    stripeUrl: stack.stripe.url,
  };
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let starting: Promise<Stack> | undefined;
  let holder: number | undefined;
  const queue: Turn[] = [];

  const grantNext = (): void => {
    while (holder === undefined && queue.length > 0) {
      const turn = queue.shift()!;
      if (turn.gone) continue;
      holder = turn.pid;
      starting ??= startStack();
      starting.then(
        (stack) => turn.response.end(JSON.stringify(describeStack(stack))),
        (error: unknown) => {
          if (holder === turn.pid) holder = undefined;
          turn.response.statusCode = 500;
          turn.response.end(
            error instanceof Error ? (error.stack ?? error.message) : String(error),
          );
          grantNext();
        },
      );
    }
  };

  // A worker that died holding its turn (a crash, a kill) never releases it.
  const watchdog = setInterval(() => {
    if (holder !== undefined && !isAlive(holder)) {
      holder = undefined;
      grantNext();
    }
  }, 1_000);
  watchdog.unref();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const pid = Number(url.searchParams.get('pid'));
    if (!Number.isInteger(pid) || pid <= 0) {
      response.statusCode = 400;
      response.end('pid missing');
    } else if (url.pathname === '/acquire') {
      const turn: Turn = { pid, response, gone: false };
      response.once('close', () => {
        if (response.writableEnded) return;
        // Gone before the stack was handed over: the turn passes on.
        turn.gone = true;
        if (holder === pid) {
          holder = undefined;
          grantNext();
        }
      });
      queue.push(turn);
      grantNext();
    } else if (url.pathname === '/release') {
      if (holder === pid) holder = undefined;
      response.end('released');
      grantNext();
    } else {
      response.statusCode = 404;
      response.end();
    }
  });
  // Waiting for a turn takes as long as the journeys before it.
  server.requestTimeout = 0;
  server.headersTimeout = 0;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  project.provide('journeyStackServer', `http://127.0.0.1:${port}`);

  return async () => {
    clearInterval(watchdog);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const stack = await starting?.catch(() => undefined);
    await stack?.stop();
  };
}
