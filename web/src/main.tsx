import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app';
import './app/styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Evaluating the modules (react-dom, the app) is one task; creating the root and starting the
// render wait for the next, so that task is not longer still on a slow phone (decision 128).
// A timer rather than a top-level await, which would make the bundler split the entry.
setTimeout(() => {
  // index.html already shows the frame, so the first render need not block: as a transition
  // React renders in short slices and the page answers input meanwhile (decision 102).
  startTransition(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}, 0);
