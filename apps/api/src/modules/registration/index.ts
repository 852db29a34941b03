// What other modules may use of registration (eslint: a module imports another only through its index.ts).
export { isConfirmed } from './hpr-registry';
export { FORGOT_PASSWORD_JOB } from './account-recovery.service';
export { ADDRESS_TAKEN_JOB } from './registration.service';
