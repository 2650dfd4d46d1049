import type { RestRoutes } from './http';

export const authRoutes: RestRoutes = () => {};
