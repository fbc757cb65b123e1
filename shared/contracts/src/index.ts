// One line per area; each feature adds its own.
export * from './common';
