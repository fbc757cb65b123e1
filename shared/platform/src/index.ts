// The light, commonly used parts. Backends and the runtime are imported by their own paths
// (e.g. '@gnology/platform/runtime', '@gnology/platform/events') so importing this stays cheap.
export * from './config';
export * from './http/errors';
export * from './ids';
export * from './logger';
