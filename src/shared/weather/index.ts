export * from './condition-from-code.js';
export * from './placeholder-weather.js';
export * from './temperature-level.js';
