/** The error classes live with the domain (core throws them); the runtime renders them. */
export * from '../core/shared/errors.js';
