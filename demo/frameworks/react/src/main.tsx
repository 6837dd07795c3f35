import 'adpx-offers/define'; // register the elements before React renders, so React sets properties
import type {} from 'adpx-offers/react'; // JSX typings of <adpx-offers> (types only)
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.js';

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App endpoint={window.location.origin} />
    </StrictMode>,
  );
}
