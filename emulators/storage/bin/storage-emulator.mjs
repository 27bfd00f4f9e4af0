#!/usr/bin/env node
// Runs the TypeScript sources directly (no build step) through tsx's ESM loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
