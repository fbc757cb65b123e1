export * from './infra';
export * from './service-deps';
export * from './tokens';
