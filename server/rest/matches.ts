import type { RestRoutes } from './http';

export const matchesRoutes: RestRoutes = () => {};
