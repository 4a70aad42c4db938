export * from './migrate';
export * from './postgres';
export * from './kafka';
export * from './stack';
export * from './admin-client';
