import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import './styles/base.css';
import './styles/patterns.css';

// index.html's description and preview tags are for crawlers that run no script; from here on each
// page renders its own (React hoists them into <head>), and two descriptions must not compete.
for (const tag of document.head.querySelectorAll('meta[data-static]')) tag.remove();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
