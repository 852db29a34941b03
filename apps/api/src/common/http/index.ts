export { Route, ENDPOINT_KEY, successStatus, type HandlerOf, type ResponseOf } from './route.decorator';
export { Body, Params, Query, parseInput, type BodyOf, type ParamsOf, type QueryOf } from './inputs';
export { readCookie } from './cookies';
export { Heartbeat } from './heartbeat';
