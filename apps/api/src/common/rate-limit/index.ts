export { RateLimit, type RateLimitBy, type RateLimitRule } from './rate-limit.decorator';
export { RateLimitService } from './rate-limit.service';
