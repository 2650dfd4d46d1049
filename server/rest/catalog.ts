import { listLevels } from '../services/levels';
import { listActivePlaces } from '../services/places';
import { getSettings } from '../services/settings';
import type { RestRoutes } from './http';

export const catalogRoutes: RestRoutes = (app, deps) => {
  app.get('/settings', () => getSettings(deps));
  app.get('/places', () => listActivePlaces(deps));
  app.get('/levels', () => listLevels(deps));
};
