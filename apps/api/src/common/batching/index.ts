export { GroupCommit, type GroupCommitOptions } from './group-commit';
