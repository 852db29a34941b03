export { Route, ENDPOINT_KEY, successStatus } from './route.decorator';
export { Body, Params, Query, parseInput, type BodyOf, type ParamsOf, type QueryOf } from './inputs';
