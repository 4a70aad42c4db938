export { createGatewayServer } from './app';
export { RateLimiter } from './rate-limits/rate-limiter';
