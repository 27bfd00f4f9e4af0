#!/usr/bin/env node
// The stand-in is TypeScript run through tsx, so there is no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
