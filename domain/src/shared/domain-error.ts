/** Why a command was refused; the gateway maps each code to one HTTP status. */
export type DomainErrorCode = 'validation' | 'not_found' | 'conflict' | 'forbidden' | 'unauthorized';

export class DomainError extends Error {
  constructor(
    readonly code: DomainErrorCode,
    message: string,
    /** A short title for the toast, when the spec gives one (e.g. 'Insufficient stock'). */
    readonly title?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const validationError = (message: string) => new DomainError('validation', message);
export const notFound = (message: string) => new DomainError('not_found', message);
export const conflict = (message: string, title?: string) => new DomainError('conflict', message, title);
export const forbidden = (message: string) => new DomainError('forbidden', message);
