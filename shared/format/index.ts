export * from './phone';
export * from './postal-code';
export * from './levels';
export * from './html';
export * from './french';
export * from './long-date';
