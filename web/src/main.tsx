// First, so its clock starts before the rest of the entry is evaluated: the spec's delays
// "after start" count from here (lib/app-start.ts).
import './lib/app-start';
// Before anything loads zod (lib/no-eval.ts).
import './lib/no-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import { preloadPageAt } from './app/router';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const render = () => {
  // index.html already shows the frame, so the first render need not block: as a transition
  // React renders in short slices and the page answers input meanwhile
  // (docs/architecture/web-app.md#first-route-and-the-deferred-shell).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
};

// React's first commit replaces what index.html painted (the frame, and the start page on its
// addresses, docs/decisions/126-start-page-painted-by-index-html.md), so it waits until that has
// been painted once: the first paint is then the static page however fast the scripts arrive
// (docs/architecture/web-app.md#first-route-and-the-deferred-shell). The timer also keeps
// creating the root out of the modules' evaluation task
// (docs/decisions/128-main-thread-tasks-after-the-first-paint.md). A hidden tab paints no
// frame, so it renders at once. Timers rather than a top-level await, which would make the
// bundler split the entry.
// It also waits for the page the app starts on, whose chunk index.html already preloads, so the
// first render draws that page rather than the spinner
// (docs/architecture/performance.md#member-pages-painted-by-indexhtml); on home, for the member
// panels' chunk when `UID` holds an account, so their reads start with the first render
// (docs/architecture/performance.md#the-load-chain-of-a-data-page).
const painted = new Promise<void>((resolve) => {
  if (document.visibilityState === 'hidden') setTimeout(resolve, 0);
  else requestAnimationFrame(() => setTimeout(resolve, 0));
});
void Promise.all([painted, preloadPageAt(window.location.pathname)]).then(render);
