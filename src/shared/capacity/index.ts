export * from './gauge.js';
export * from './group-items.js';
export * from './levels.js';
export * from './percent.js';
export * from './sample-data.js';
export * from './sort-rows.js';
export * from './totals.js';
