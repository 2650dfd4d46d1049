import { z } from 'zod';
import { ZLevel, ZPlace, ZSettings } from '../../common/schemas/catalog';
import { listLevels } from '../services/levels';
import { listActivePlaces } from '../services/places';
import { getSettings } from '../services/settings';
import type { RestRoutes } from './http';
import { route } from './route';

export const catalogRoutes: RestRoutes = (app, deps) => {
  route(app, { method: 'GET', url: '/settings', tag: 'Catalogue', summary: 'Limites générales (public)', response: ZSettings }, () =>
    getSettings(deps),
  );
  route(app, { method: 'GET', url: '/places', tag: 'Catalogue', summary: 'Lieux actifs', response: z.array(ZPlace) }, () =>
    listActivePlaces(deps),
  );
  route(app, { method: 'GET', url: '/levels', tag: 'Catalogue', summary: 'Niveaux, par ordre', response: z.array(ZLevel) }, () =>
    listLevels(deps),
  );
};
