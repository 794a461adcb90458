export * from './date-formats.js';
export * from './display-days.js';
export * from './holidays.js';
export * from './time-zone.js';
