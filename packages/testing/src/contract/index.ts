export { Contract, type OpenApiDocument, type ReceivedResponse } from './check.ts';
export {
  ContractViolation,
  installContractChecker,
  installedContractChecker,
  type ContractChecker,
  type ContractCheckerOptions,
} from './fetch-hook.ts';
