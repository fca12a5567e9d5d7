export * from './locale.js';
export * from './errors.js';
export * from './auth.js';
export * from './config.js';
