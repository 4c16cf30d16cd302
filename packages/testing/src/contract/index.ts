export { Contract, type OpenApiDocument, type ReceivedResponse } from './check.ts';
export {
  ContractViolation,
  contractOf,
  installContractChecker,
  installedContractChecker,
  type ContractChecker,
  type ContractCheckerOptions,
} from './fetch-hook.ts';
