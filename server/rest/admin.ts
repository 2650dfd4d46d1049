import type { RestRoutes } from './http';

export const adminRoutes: RestRoutes = () => {};
