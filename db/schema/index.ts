export * from './users';
export * from './security';
export * from './catalog';
export * from './matches';
export * from './config';
export * from './notifications';
export * from './push';
export * from './integrations';
