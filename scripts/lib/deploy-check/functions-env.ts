// The functions' environment a deploy sends: `functions/.env` and `functions/.env.<project-id>`
// (plain KEY=value lines, the later file winning). A production project must name the app's
// origins (`APP_ORIGINS`: return pages and mail links, never localhost) and enforce App Check on
// the callables (`ENFORCE_APP_CHECK=true`), unless the file says why not (`APP_CHECK_WAIVER`).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { appOriginsProblems } from '@studio/core';
import { fail, pass, type CheckResult } from './result.ts';

/** The variable that explains why a project deploys without App Check; its value is the reason. */
export const APP_CHECK_WAIVER = 'APP_CHECK_WAIVER';

/** `KEY=value` lines as the Firebase CLI reads them (comments, blank lines, optional quotes). */
export function parseDotenv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!match) continue;
    const [, key, rest] = match as unknown as [string, string, string];
    const quoted = /^(["'])(.*)\1$/.exec(rest.trim());
    values[key] = quoted ? (quoted[2] ?? '') : rest.replace(/\s+#.*$/, '').trim();
  }
  return values;
}

/** The projects a deploy could target with an env file here: `.env.<id>`, demo projects aside. */
export function projectsWithEnvFiles(functionsDir: string): string[] {
  if (!existsSync(functionsDir)) return [];
  return readdirSync(functionsDir)
    .map((file) => /^\.env\.([a-z0-9-]+)$/.exec(file)?.[1])
    .filter((id): id is string => id !== undefined && id !== 'local' && !id.startsWith('demo-'));
}

/** What `firebase deploy --project <id>` would give the functions as their environment. */
export function deployedEnv(functionsDir: string, projectId: string): Record<string, string> {
  const read = (file: string) =>
    existsSync(path.join(functionsDir, file))
      ? parseDotenv(readFileSync(path.join(functionsDir, file), 'utf8'))
      : {};
  return { ...read('.env'), ...read(`.env.${projectId}`) };
}

/** The two checks for one project's environment, `file` naming where to fix it. */
export function checkFunctionsEnv(env: Record<string, string>, file: string): CheckResult[] {
  const origins = appOriginsProblems(env['APP_ORIGINS']);
  const appCheck = env['ENFORCE_APP_CHECK']?.trim().toLowerCase();
  const waiver = env[APP_CHECK_WAIVER]?.trim();
  return [
    origins.length === 0
      ? pass(`${file} APP_ORIGINS`, env['APP_ORIGINS'] ?? '')
      : fail(
          `${file} APP_ORIGINS`,
          `${origins.join('; ')}: set the app's https origins, e.g. APP_ORIGINS=https://book.acme.example,https://acme.web.app (docs/deploy.md §6)`,
        ),
    appCheck === 'true'
      ? pass(`${file} ENFORCE_APP_CHECK`, 'true: callables refuse requests without App Check')
      : waiver
        ? pass(`${file} ENFORCE_APP_CHECK`, `WAIVED (${APP_CHECK_WAIVER}: ${waiver})`)
        : fail(
            `${file} ENFORCE_APP_CHECK`,
            `is ${appCheck === undefined ? 'not set' : `"${appCheck}"`}: set ENFORCE_APP_CHECK=true once App Check is set up (docs/deploy.md §10), or say why not with ${APP_CHECK_WAIVER}=<reason>`,
          ),
  ];
}

/**
 * Every project's environment: the one named (`--project`), else each `.env.<id>` found. With
 * neither there is nothing a deploy could send yet, which passes, saying so.
 */
export function checkDeployEnvironments(
  functionsDir: string,
  projectId: string | undefined,
): CheckResult[] {
  const relative = path.basename(functionsDir);
  const projects = projectId === undefined ? projectsWithEnvFiles(functionsDir) : [projectId];
  if (projects.length === 0)
    return [
      pass(
        'functions environment',
        `no functions/.env.<project-id> yet; "npm run deploy:check -- --project <id>" checks one`,
      ),
    ];
  return projects.flatMap((id) =>
    checkFunctionsEnv(deployedEnv(functionsDir, id), `${relative}/.env.${id}`),
  );
}
