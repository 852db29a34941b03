export { PubSub, PubSubModule, type PubSubChannel } from './pubsub';
