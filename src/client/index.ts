// The LCA service client: typed calls for every endpoint, with no dependency on the editor.
export * from './types';
export * from './requests';
export {
  LcaServiceError,
  isLcaServiceError,
  SESSION_EXPIRED_MESSAGE,
  NOT_SIGNED_IN_MESSAGE,
  type LcaServiceErrorCode,
  type ProblemDetails,
  type FieldProblem,
  type RequestProblem,
} from './errors';
export { authenticateUser, authenticateAccount, type AuthOptions } from './auth';
export { LcaClient, BULK_CREATE_CHUNK_SIZE, type LcaClientOptions } from './client';
export { DEFAULT_RETRY, DEFAULT_TIMEOUT_MS, parseRetryAfter, mayRetry, type RetryPolicy } from './http';
export {
  DEFAULT_PROJECT_LIST_VARIABLES,
  GET_PROJECT_LIST_OPERATION,
  type GetProjectListVariables,
  type OrderDirection,
} from './projectList';
export { authenticateCredential, readServedCodes, RENEW_MARGIN_MS, TokenRenewal, type Credential, type CredentialKind, type TokenStore } from './session';
export { LocalServiceStartError, startLocalServiceProcess, type LocalServiceStart } from './localService';
