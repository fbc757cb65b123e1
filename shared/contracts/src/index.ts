// One line per area; each feature adds its own.
export * from './common';
export * from './conversations';
export * from './research';
export * from './library-search';
export * from './events/conversations';
export * from './events/research';
export * from './auth';
export * from './events/auth';
export * from './documents';
export * from './ocr';
export * from './page-words';
export * from './journal';
export * from './events/documents';
export * from './billing';
export * from './events/billing';
export * from './albums';
export * from './events/albums';
