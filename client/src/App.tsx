import { trpc } from './lib/trpc';

export function App() {
  const settings = trpc.settings.get.useQuery();
  return (
    <main>
      <h1>Padel Match</h1>
      <p>{settings.data ? `Jusqu'à ${settings.data.max_places} places par match` : 'Chargement…'}</p>
    </main>
  );
}
