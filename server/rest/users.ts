import type { RestRoutes } from './http';

export const usersRoutes: RestRoutes = () => {};
