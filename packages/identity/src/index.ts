export { SERVICE_NAMES, type ServiceName } from './names.ts';
export {
  generateServiceKeyPair,
  generateServiceKeys,
  importPrivateKey,
  importPublicKey,
  keyIdOf,
  publicKeyOf,
  type ServiceKeyPair,
  type ServiceKeySet,
} from './keys.ts';
export { createSigner, MAX_TOKEN_TTL_SECONDS, type Signer, type SignerOptions } from './signer.ts';
export {
  claimedIssuer,
  createVerifier,
  type VerifiedCaller,
  type Verifier,
  type VerifierOptions,
} from './verifier.ts';
export {
  createGrantIssuer,
  createGrantVerifier,
  GRANT_ISSUER,
  MAX_GRANT_TTL_SECONDS,
  type GrantIssuer,
  type GrantVerifier,
  type GrantVerifyOptions,
  type JobGrant,
  type VerifiedGrant,
} from './grants.ts';
