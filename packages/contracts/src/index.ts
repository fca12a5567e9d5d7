export * from './locale.js';
export * from './errors.js';
export * from './auth.js';
export * from './config.js';
export * from './validation.js';
export * from './accounts.js';
