// The FCP baseline of `npm run bench`: the smallest Vite React page, built like the client.
import { createRoot } from 'react-dom/client';

const root = document.getElementById('root');
if (root) createRoot(root).render(<h1>Padel Match</h1>);
