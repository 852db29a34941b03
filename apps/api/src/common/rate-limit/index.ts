export { RateLimit } from './rate-limit.decorator';
export { type RateLimitBy, type RateLimitRule } from './rate-limit.rule';
export { RateLimitService } from './rate-limit.service';
