import { z } from 'zod';
import { ZLevel, ZPlace, ZSettings } from '../../common/schemas/catalog';
import { listLevels } from '../services/levels';
import { listActivePlaces } from '../services/places';
import { getSettings } from '../services/settings';
import type { RestRoutes } from './http';

const tags = ['Catalogue'];

export const catalogRoutes: RestRoutes = (app, deps) => {
  app.get(
    '/settings',
    { schema: { tags, summary: 'Limites générales (public)', response: { 200: ZSettings } } },
    () => getSettings(deps),
  );
  app.get(
    '/places',
    { schema: { tags, summary: 'Lieux actifs', response: { 200: z.array(ZPlace) } } },
    () => listActivePlaces(deps),
  );
  app.get(
    '/levels',
    { schema: { tags, summary: 'Niveaux, par ordre', response: { 200: z.array(ZLevel) } } },
    () => listLevels(deps),
  );
};
